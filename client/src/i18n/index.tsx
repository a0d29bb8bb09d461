/**
 * The website's languages: English and Kiswahili (docs/adr/0010-i18n.md). The texts live in one catalog
 * per language, split by area (`en/<area>.ts`, `sw/<area>.ts`); the English catalog is the source of the
 * keys and the Kiswahili one must have every key (a type error otherwise). rosetta does the lookup and the
 * `{{name}}` interpolation. The Kiswahili catalog is loaded only when it is the language in use; of the
 * English one, the first load carries what the prerendered pages use (./en-first-load.ts), and the pages
 * that are not prerendered load the rest before they render (`loadWholeCatalogs`).
 *
 * Where the language comes from: a public or auth page is in its path's language (`/sw/…` Kiswahili);
 * elsewhere the choice saved in this browser (and, for a signed-in person, in their profile, which also
 * sets the language of their SMS; the client adopts it at sign-in). A first visit to an English page by
 * someone who chose Kiswahili goes to its `/sw` twin (savedLanguageRedirect).
 */
import rosetta from 'rosetta';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Catalog } from './en';
import { enFirstLoad } from './en-first-load';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  isLocalizedPath,
  LANGUAGE_TAGS,
  LANGUAGES,
  languageOfPath,
  pathInLanguage,
  type Language,
} from './paths';

export {
  DEFAULT_LANGUAGE,
  isLanguage,
  isLocalizedPath,
  LANGUAGE_NAMES,
  LANGUAGE_TAGS,
  LANGUAGES,
  languageOfPath,
  LOCALIZED_PATHS,
  pathInLanguage,
  pathWithoutLanguage,
  type Language,
} from './paths';

const STORAGE_KEY = 'escrow.language';

/** Every key of the catalog, as `area.group.key`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Catalog>;
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

// English starts with its first-load part (a copy: rosetta merges later tables into the object it holds).
// The cast: the texts of LATER_ENGLISH are missing until loadEnglishTexts, the customer area's other texts until
// loadWholeCatalogs; only the pages that load them first use them (app/router.tsx).
const i18n = rosetta<Catalog>({ en: { ...enFirstLoad } as Catalog });
const loaders: Record<Language, () => Promise<Catalog>> = {
  en: async () => (await import('./en')).en,
  sw: async () => (await import('./sw')).sw,
};
/** The languages whose whole catalog is loaded (Kiswahili always loads whole). */
const whole = new Set<Language>();
/** Once a page that needs the whole catalog has been opened, every language is loaded whole. */
let wholeWanted = false;

/** Loads a language's catalog (once); await it before rendering in that language. */
export async function loadLanguage(language: Language): Promise<void> {
  if (whole.has(language) || (i18n.table(language) && !wholeWanted)) return;
  i18n.set(language, await loaders[language]());
  whole.add(language);
}

/**
 * Loads the whole catalog of each language loaded so far, and of any loaded later: the customer area's
 * texts are not in English's first load. The pages that are not prerendered await it (app/router.tsx).
 */
export async function loadWholeCatalogs(): Promise<void> {
  wholeWanted = true;
  await Promise.all(LANGUAGES.filter((language) => i18n.table(language)).map(loadLanguage));
}

/**
 * Parts of the English catalog a visitor's first load leaves out (./en-first-load.ts), each loaded with the
 * code of the pages that show it (app/router.tsx). Kiswahili always loads whole.
 */
const LATER_ENGLISH = {
  auth: async () => {
    const { auth, waitTimes } = await import('./en/auth');
    return { auth, common: { errors: waitTimes } };
  },
  pricing: async () => ({ public: { pricing: (await import('./en/public-pricing')).publicPricing } }),
  homeSections: async () => {
    const { publicContact, publicHomeSections } = await import('./en/public-home-sections');
    return { public: { home: publicHomeSections, contact: publicContact } };
  },
};

type Texts = { [key: string]: string | Texts };
/** `texts` added to `into`, group by group (rosetta's own `set` replaces whole areas). */
const mergeTexts = (into: Texts, texts: Texts): Texts =>
  Object.fromEntries(
    [...new Set([...Object.keys(into), ...Object.keys(texts)])].map((key) => {
      const [had, added] = [into[key], texts[key]];
      return [key, typeof had === 'object' && typeof added === 'object' ? mergeTexts(had, added) : (added ?? had)!];
    }),
  );
export type LaterEnglishTexts = keyof typeof LATER_ENGLISH;

/** Loads a part of the English catalog that the first load leaves out; await it before rendering the page. */
export async function loadEnglishTexts(part: LaterEnglishTexts): Promise<void> {
  if (whole.has('en')) return;
  i18n.set('en', mergeTexts(i18n.table('en') as unknown as Texts, await LATER_ENGLISH[part]()) as unknown as Catalog);
}

/** The language saved in this browser (by the switch, or adopted from the profile at sign-in). */
export function savedLanguage(): Language | undefined {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguage(saved) ? saved : undefined;
  } catch {
    // Storage may be refused (private mode).
    return undefined;
  }
}

/** Saves the language in this browser. */
export function rememberLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered in this browser; the choice still applies now.
  }
}

/**
 * The language to start in, in the browser. A `/sw/…` path is Kiswahili whatever it is, as the server
 * prerendered it (its 404 page too: taken from the saved language, it hydrated Kiswahili HTML in English);
 * a page with a Kiswahili twin is otherwise English; other pages (the signed-in areas) take the one saved
 * here, else English.
 */
export function initialLanguage(pathname: string): Language {
  const fromPath = languageOfPath(pathname);
  if (fromPath) return fromPath;
  if (isLocalizedPath(pathname)) return DEFAULT_LANGUAGE;
  return savedLanguage() ?? DEFAULT_LANGUAGE;
}

/**
 * Where a first visit to an English page should go instead for someone who chose Kiswahili in this
 * browser (its `/sw` twin), or undefined to stay.
 */
export function savedLanguageRedirect(pathname: string): string | undefined {
  if (!isLocalizedPath(pathname) || languageOfPath(pathname) || savedLanguage() !== 'sw') return undefined;
  return pathInLanguage(pathname, 'sw');
}

export function translator(language: Language): Translate {
  return (key, params) => i18n.t(key, params, language);
}

interface I18nValue {
  language: Language;
  t: Translate;
  /**
   * Switches the language (loading its catalog first). Remembered in this browser unless
   * `remember: false` (a page following its path's language is no new choice).
   */
  setLanguage: (language: Language, options?: { remember?: boolean }) => Promise<void>;
}

const I18nContext = createContext<I18nValue>({
  language: DEFAULT_LANGUAGE,
  t: translator(DEFAULT_LANGUAGE),
  setLanguage: async () => {},
});

export function I18nProvider({ initial = DEFAULT_LANGUAGE, children }: { initial?: Language; children: ReactNode }) {
  const [language, setCurrent] = useState<Language>(initial);
  const setLanguage = useCallback(async (next: Language, { remember = true }: { remember?: boolean } = {}) => {
    await loadLanguage(next);
    if (remember) rememberLanguage(next);
    if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_TAGS[next];
    setCurrent(next);
  }, []);
  const value = useMemo(() => ({ language, t: translator(language), setLanguage }), [language, setLanguage]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
interface MessagePattern {
  key: MessageKey;
  names: string[];
  pattern: RegExp;
}
/** A catalog group of English messages as patterns (`{{seconds}}` matches any value), with their keys. */
export const messagePatterns = (group: string, texts: Record<string, string>): MessagePattern[] =>
  Object.entries(texts).map(([key, text]) => ({
    key: `${group}.${key}` as MessageKey,
    names: [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!),
    pattern: new RegExp(
      `^${text
        .split(/\{\{\w+\}\}/)
        .map(escapeRegExp)
        .join('(.+?)')}$`,
    ),
  }));
/** The English messages of the server and of the shared form rules: the auth area's and the public site's `messages`. */
const KNOWN_MESSAGES = [
  ...messagePatterns('auth.messages', enFirstLoad.auth.messages),
  ...messagePatterns('public.messages', enFirstLoad.public.messages),
];

/**
 * A message from the server or the shared form rules, in `language` when the catalog knows it; a value
 * inside it that is itself a known message ("Amount" in "Amount is required") is translated too.
 * Anything else is shown as it came.
 */
export function localizeMessage(message: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return message;
  for (const known of KNOWN_MESSAGES) {
    const match = known.pattern.exec(message);
    if (!match) continue;
    const params = Object.fromEntries(known.names.map((name, index) => [name, localizeMessage(match[index + 1]!, language)]));
    return translator(language)(known.key, params);
  }
  return message;
}

/** The active language and its `t`. */
export function useT(): I18nValue {
  return useContext(I18nContext);
}
