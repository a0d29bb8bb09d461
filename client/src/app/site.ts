/** Facts about the company used by the pages and by the search metadata (seo.ts). */
export const SITE_NAME = 'Escrow Kenya';
/** The production origin; set VITE_SITE_URL at build time to change it. */
export const DEFAULT_SITE_URL = 'https://escrowkenya.co.ke';
export const SUPPORT_PHONE = '+254 709 384 400';
export const SUPPORT_PHONE_TEL = '+254709384400';
export const SUPPORT_EMAIL = 'support@escrowkenya.co.ke';
export const SOCIAL_PROFILES = {
  x: 'https://x.com/escrowkenya',
  facebook: 'https://www.facebook.com/escrowkenya',
  linkedin: 'https://www.linkedin.com/company/escrowkenya',
  instagram: 'https://www.instagram.com/escrowkenya',
};
