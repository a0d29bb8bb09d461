/**
 * The inspection window on the web reads as on USSD and the Help page (inspectionWindowWords): whole days
 * for a whole number of days, else hours, minutes under an hour. Rounding hours to days said "2 days" for
 * 36 h, "0 days" for 1 h; a window under an hour read "0 hours".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Translate } from '@/i18n';
import { loadTranslators } from '@/i18n/test-translators';
import type { TransactionDetail } from '@/features/customer/api/transactions';
import { explanation } from '@/features/customer/components/transaction-actions';
import { coverageText } from './coverage';

let en: Translate;
let sw: Translate;
beforeAll(async () => {
  ({ en, sw } = await loadTranslators());
});

describe('what a type covers, with its inspection window', () => {
  it.each([
    [72, '3 days to inspect', 'una siku 3 kukagua'],
    [36, '36 hours to inspect', 'una saa 36 kukagua'],
    [12, '12 hours to inspect', 'una saa 12 kukagua'],
    [1, '1 hour to inspect', 'una saa 1 kukagua'],
    [0.5, '30 minutes to inspect', 'una dakika 30 kukagua'],
  ])('names a %d h Standard window as it is', (hours, english, kiswahili) => {
    expect(coverageText(en, 'en', 'standard', hours)).toContain(english);
    expect(coverageText(sw, 'sw', 'standard', hours)).toContain(kiswahili);
  });

  it('names a Protected window of 7 days and of 36 hours', () => {
    expect(coverageText(en, 'en', 'protected', 168)).toContain('(7 days after dispatch)');
    expect(coverageText(sw, 'sw', 'protected', 36)).toContain('(saa 36 baada ya kutumwa)');
  });
});

describe("the seller's dispatch explanation", () => {
  const detail = (hours: number) =>
    ({
      transaction: { product_name: 'Radio', inspection_window_hours: hours, quote: {} },
      buyer: { display_name: 'Wanjiku K.' },
      seller: { display_name: 'Otieno O.' },
    }) as unknown as TransactionDetail;

  it('names the window in hours when it is not whole days, in both languages', () => {
    expect(explanation('dispatch', detail(36), en, 'en')).toContain('The buyer then inspects it (36 hours)');
    expect(explanation('dispatch', detail(36), sw, 'sw')).toContain('Mnunuzi ataikagua (saa 36)');
    expect(explanation('dispatch', detail(72), en, 'en')).toContain('(3 days)');
    expect(explanation('dispatch', detail(1), en, 'en')).toContain('(1 hour)');
    expect(explanation('dispatch', detail(20 / 60), en, 'en')).toContain('(20 minutes)');
    expect(explanation('dispatch', detail(20 / 60), sw, 'sw')).toContain('(dakika 20)');
  });
});
