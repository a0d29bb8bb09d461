import { describe, expect, it } from 'vitest';
import { en } from './en';
import { initialLanguage, languageOfPath, loadLanguage, localizeMessage, translator } from './index';
import { pathInLanguage, pathWithoutLanguage } from './paths';
import {
  EMAIL_TAKEN,
  EMAIL_TAKEN_FIELD,
  INVALID_CREDENTIALS,
  PASSWORDS_DO_NOT_MATCH,
  PHONE_TAKEN,
  PHONE_TAKEN_FIELD,
  registerBody,
} from '@escrow/core/contract/auth';
import { PHONE_MESSAGE } from '@escrow/core/contract/common';
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

describe('the words for a state', () => {
  it('are the ones the USSD menus and SMS use (server/src/modules/ussd/messages.ts)', () => {
    expect(sw.customer.status.disputed).toBe('Ina malalamiko');
    expect(sw.customer.status.cancelled).toBe('Imeghairiwa');
    expect(JSON.stringify(sw.customer)).not.toMatch(/mzozo|imesitishwa/i);
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

  it('starts an unknown /sw/ path in Kiswahili, as the server prerendered its 404 page', () => {
    expect(initialLanguage('/sw/no-such-page')).toBe('sw');
    expect(initialLanguage('/sw/pay/abc')).toBe('sw');
  });

  it('translates once the catalog is loaded', async () => {
    await loadLanguage('sw');
    expect(translator('sw')('common.language.label')).toBe('Lugha');
    expect(translator('en')('common.language.label')).toBe('Language');
  });
});

describe('paths in each language', () => {
  it('puts public and auth pages under /sw and leaves the signed-in areas alone', () => {
    expect(pathInLanguage('/', 'sw')).toBe('/sw');
    expect(pathInLanguage('/pricing', 'sw')).toBe('/sw/pricing');
    expect(pathInLanguage('/sw/pricing', 'en')).toBe('/pricing');
    expect(pathInLanguage('/sw', 'en')).toBe('/');
    expect(pathInLanguage('/#contact', 'sw')).toBe('/sw#contact');
    expect(pathInLanguage('/login?next=%2F%23create', 'sw')).toBe('/sw/login?next=%2F%23create');
    expect(pathInLanguage('/dashboard/transactions', 'sw')).toBe('/dashboard/transactions');
    expect(pathInLanguage('https://x.com/escrowkenya', 'sw')).toBe('https://x.com/escrowkenya');
    expect(pathWithoutLanguage('/sw/signup')).toBe('/signup');
  });
});

describe("the server's messages", () => {
  it('are shown in Kiswahili when the catalog knows them, values kept', async () => {
    await loadLanguage('sw');
    expect(localizeMessage(INVALID_CREDENTIALS, 'sw')).toBe('Simu/barua pepe au nenosiri si sahihi');
    expect(localizeMessage(PASSWORDS_DO_NOT_MATCH, 'sw')).toBe('Manenosiri hayalingani');
    expect(localizeMessage(PHONE_MESSAGE, 'sw')).toMatch(/^Nambari ianze na 0 au 254/);
    expect(localizeMessage('Please wait 42 seconds before requesting another code.', 'sw')).toBe(
      'Tafadhali subiri sekunde 42 kabla ya kuomba nambari nyingine.',
    );
    expect(localizeMessage('Something new', 'sw')).toBe('Something new');
    expect(localizeMessage(INVALID_CREDENTIALS, 'en')).toBe(INVALID_CREDENTIALS);
  });

  it('say a taken phone or email in Kiswahili both above the form and under the field', async () => {
    await loadLanguage('sw');
    expect(localizeMessage(PHONE_TAKEN, 'sw')).toBe('Tayari kuna akaunti yenye nambari hii ya simu. Tafadhali ingia.');
    expect(localizeMessage(PHONE_TAKEN_FIELD, 'sw')).toBe('Tayari kuna akaunti yenye nambari hii ya simu');
    expect(localizeMessage(EMAIL_TAKEN, 'sw')).toBe('Tayari kuna akaunti yenye barua pepe hii.');
    expect(localizeMessage(EMAIL_TAKEN_FIELD, 'sw')).toBe('Tayari kuna akaunti yenye barua pepe hii');
  });

  it('cover every message the sign-up rules give for an empty or wrong form', async () => {
    await loadLanguage('sw');
    const parsed = registerBody.safeParse({
      first_name: '',
      last_name: 'x'.repeat(61),
      phone_number: '123',
      email: 'nope',
      user_type: 'x',
      password: 'a',
      password_confirmation: 'b',
    });
    expect(parsed.success).toBe(false);
    for (const issue of parsed.error!.issues) expect(localizeMessage(issue.message, 'sw'), issue.message).not.toBe(issue.message);
  });
});
