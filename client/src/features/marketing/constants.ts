/** Facts the public site repeats in many places (docs/product-rules.md §1, §2, §9). */
export { SOCIAL_PROFILES, SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_TEL } from '@/app/site';

export const USSD_CODE = '*384*40#';

/** The service pages; their names and descriptions are `layout.services.<key>` in the catalogs. */
export const SERVICE_PAGES = [
  { to: '/standard-escrow', key: 'standard' },
  { to: '/lipa-mdogo-mdogo', key: 'lipa' },
  { to: '/dispute-resolution', key: 'dispute' },
] as const;
