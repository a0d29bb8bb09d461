import { describe, expect, it } from 'vitest';
import { en } from './en';
import { initialLanguage, languageOfPath, loadLanguage, translator } from './index';
import { sw } from './sw';

/** Every key path of a catalog, to compare the two languages. */
function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'string' ? [`${prefix}${key}`] : keys(child as object, `${prefix}${key}.`),
  );
}

describe('the catalogs', () => {
  it('give Kiswahili every English key, and no text left empty', () => {
    expect(keys(sw).sort()).toEqual(keys(en).sort());
    const texts = (catalog: object): string[] =>
      Object.values(catalog).flatMap((child) => (typeof child === 'string' ? [child] : texts(child as object)));
    expect(texts(sw).every((text) => text.trim().length > 0)).toBe(true);
  });

  it('keep the same {{placeholders}} in both languages', () => {
    const at = (catalog: object, path: string) =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], catalog) as string;
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
    for (const path of keys(en)) expect(placeholders(at(sw, path)), path).toEqual(placeholders(at(en, path)));
  });
});

describe('choosing the language', () => {
  it('reads Kiswahili from a /sw path and nothing from other paths', () => {
    expect(languageOfPath('/sw')).toBe('sw');
    expect(languageOfPath('/sw/pricing')).toBe('sw');
    expect(languageOfPath('/swahili')).toBeUndefined();
    expect(languageOfPath('/pricing')).toBeUndefined();
    expect(initialLanguage('/pricing')).toBe('en');
  });

  it('translates once the catalog is loaded', async () => {
    await loadLanguage('sw');
    expect(translator('sw')('common.language.label')).toBe('Lugha');
    expect(translator('en')('common.language.label')).toBe('Language');
  });
});
