/** Facts the public site repeats in many places (docs/product-rules.md §1, §2, §9). */
export { SOCIAL_PROFILES, SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_TEL } from '@/app/site';

export const USSD_CODE = '*384*40#';
export const BUSINESS_HOURS = 'Monday–Friday, 8:00 AM–6:00 PM EAT';
export const LOCATION = 'Nairobi, Kenya';

export const SERVICE_PAGES = [
  { to: '/standard-escrow', label: 'Standard Escrow', description: 'Pay safely; the seller is paid when you confirm delivery' },
  { to: '/lipa-mdogo-mdogo', label: 'Lipa Mdogo Mdogo', description: 'Pay high-value items little by little' },
  { to: '/dispute-resolution', label: 'Dispute Resolution', description: 'Fair mediation when something goes wrong' },
] as const;
