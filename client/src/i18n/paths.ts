/**
 * The languages, which pages exist in both, and how a path reads in each: `/pricing` is English and
 * `/sw/pricing` its Kiswahili twin (`/sw` for home). The signed-in areas (`/dashboard`, admin) have one
 * path and take the language saved in this browser or the profile instead. Pure (no React), so the
 * build's prerender and the search metadata use it too.
 */
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** `lang` attribute and hreflang value of each language. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sw: 'Kiswahili' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a URL path asks for: `/sw` and `/sw/…` are Kiswahili; others say nothing. */
export function languageOfPath(pathname: string): Language | undefined {
  return pathname === '/sw' || pathname.startsWith('/sw/') ? 'sw' : undefined;
}

/** Every page with a `/sw` twin: the public site and the auth pages. */
export const LOCALIZED_PATHS = [
  '/',
  '/standard-escrow',
  '/lipa-mdogo-mdogo',
  '/dispute-resolution',
  '/pricing',
  '/about-us',
  '/refund-policy',
  '/terms-of-service',
  '/privacy-policy',
  '/data-protection',
  '/ussd-simulator',
  '/login',
  '/signup',
  '/verify-phone',
  '/forgot-password',
  '/reset-password',
] as const;

const SW_PREFIX = '/sw';

/** The path without its language prefix: `/sw/pricing` → `/pricing`, `/sw` → `/`. */
export function pathWithoutLanguage(pathname: string): string {
  if (pathname === SW_PREFIX || pathname === `${SW_PREFIX}/`) return '/';
  return pathname.startsWith(`${SW_PREFIX}/`) ? pathname.slice(SW_PREFIX.length) : pathname;
}

/** Whether `pathname` (in either language) is a page that has both languages. */
export function isLocalizedPath(pathname: string): boolean {
  const bare = pathWithoutLanguage(pathname);
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return (LOCALIZED_PATHS as readonly string[]).includes(trimmed);
}

/**
 * `to` (a path, maybe with `?query` and `#hash`) as it reads in `language`. Paths without a twin
 * (the dashboard, API links, other sites) are returned unchanged.
 */
export function pathInLanguage(to: string, language: Language): string {
  const match = /^([^?#]*)(.*)$/.exec(to)!;
  const pathname = match[1] || '/';
  const rest = match[2] ?? '';
  if (!pathname.startsWith('/') || !isLocalizedPath(pathname)) return to;
  const bare = pathWithoutLanguage(pathname);
  if (language === 'en') return `${bare}${rest}`;
  return `${bare === '/' ? SW_PREFIX : `${SW_PREFIX}${bare}`}${rest}`;
}
