/**
 * The website's languages: English and Kiswahili (docs/adr/0010-i18n.md). The texts live in one catalog
 * per language, split by area (`en/<area>.ts`, `sw/<area>.ts`); the English catalog is the source of the
 * keys and the Kiswahili one must have every key (a type error otherwise). rosetta does the lookup and the
 * `{{name}}` interpolation. The Kiswahili catalog is loaded only when it is the language in use.
 *
 * Where the language comes from: a `/sw/…` public page is Kiswahili; elsewhere the choice saved in this
 * browser (and, for a signed-in person, in their profile, which also sets the language of their SMS).
 */
import rosetta from 'rosetta';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { en, type Catalog } from './en';

export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** `lang` attribute and hreflang value of each language. */
export const LANGUAGE_TAGS: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sw: 'Kiswahili' };

const STORAGE_KEY = 'escrow.language';

/** Every key of the catalog, as `area.group.key`. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Catalog>;
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

const i18n = rosetta<Catalog>({ en });
const loaders: Record<Language, () => Promise<Catalog>> = {
  en: async () => en,
  sw: async () => (await import('./sw')).sw,
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Loads a language's catalog (once); await it before rendering in that language. */
export async function loadLanguage(language: Language): Promise<void> {
  if (!i18n.table(language)) i18n.set(language, await loaders[language]());
}

/** The language a URL path asks for: `/sw` and `/sw/…` are Kiswahili; others say nothing. */
export function languageOfPath(pathname: string): Language | undefined {
  return pathname === '/sw' || pathname.startsWith('/sw/') ? 'sw' : undefined;
}

/** The language to start in, in the browser: the path's, else the one saved here, else English. */
export function initialLanguage(pathname: string): Language {
  const fromPath = languageOfPath(pathname);
  if (fromPath) return fromPath;
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage may be refused (private mode): English.
  }
  return DEFAULT_LANGUAGE;
}

export function translator(language: Language): Translate {
  return (key, params) => i18n.t(key, params, language);
}

interface I18nValue {
  language: Language;
  t: Translate;
  /** Switches the language (loading its catalog first) and remembers it in this browser. */
  setLanguage: (language: Language) => Promise<void>;
}

const I18nContext = createContext<I18nValue>({
  language: DEFAULT_LANGUAGE,
  t: translator(DEFAULT_LANGUAGE),
  setLanguage: async () => {},
});

export function I18nProvider({ initial = DEFAULT_LANGUAGE, children }: { initial?: Language; children: ReactNode }) {
  const [language, setCurrent] = useState<Language>(initial);
  const setLanguage = useCallback(async (next: Language) => {
    await loadLanguage(next);
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered in this browser; the choice still applies now.
    }
    if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_TAGS[next];
    setCurrent(next);
  }, []);
  const value = useMemo(() => ({ language, t: translator(language), setLanguage }), [language, setLanguage]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The active language and its `t`. */
export function useT(): I18nValue {
  return useContext(I18nContext);
}
