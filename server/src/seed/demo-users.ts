/** The demo accounts seeded on an empty database (their password is printed at start-up). */
export const DEMO_PASSWORD = 'Demo@2026!';

export const DEMO_USERS = [
  { firstName: 'Wanjiku', lastName: 'Kamau', phone: '254711000101', email: 'wanjiku@example.co.ke', userType: 'buyer' },
  { firstName: 'Otieno', lastName: 'Odhiambo', phone: '254711000202', email: 'otieno@example.co.ke', userType: 'seller' },
  { firstName: 'Amina', lastName: 'Hassan', phone: '254711000303', email: 'amina@example.co.ke', userType: 'both' },
  { firstName: 'Kipchoge', lastName: 'Rotich', phone: '254711000404', email: null, userType: 'seller' },
] as const;
