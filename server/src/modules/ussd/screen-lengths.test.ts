/**
 * Screens rendered without a database, at the longest values they can carry, in both languages: each must
 * fit the 182 characters of a USSD screen. The integration tests check every screen they walk; these
 * reach the extremes (largest amounts, longest plans, longest names) that a walk would not.
 */
import { describe, expect, it } from 'vitest';
import { USSD_SCREEN_MAX } from '@escrow/core/contract/ussd';
import { buildPlan, PLAN_TERMS } from '@escrow/core/domain/installment-plan';
import type { AppContext } from '../../context.ts';
import { buyScreens } from './flows/buy.ts';
import { withdrawalAskScreen } from './flows/installments.ts';
import { detailScreen, type DetailView, transactionLine } from './flows/my-transactions.ts';
import type { MenuContext } from './flows/menu-kit.ts';
import { USSD_MESSAGES, type UssdLanguage } from './messages.ts';

const LANGS = ['en', 'sw'] as const satisfies readonly UssdLanguage[];
const LONG_ITEM = 'Samsung 55-inch Crystal UHD Smart Television with wall mount';
const KES = 100n;

function menuContext(lang: UssdLanguage): MenuContext {
  return {
    ctx: {} as AppContext,
    sessionId: 'test',
    phone: '254712345678',
    origin: 'gateway',
    lang,
    m: USSD_MESSAGES[lang],
    user: { id: 'u', firstName: 'Chepkemboi-Njeri', userType: 'buyer', hasPin: true, pinLockedUntil: null },
    draft: {},
    session: { pinProven: true, firstPinProof: null, codeSent: false, codeRetryAt: null },
  };
}

/** Plans at the edges: the smallest and largest totals, the smallest and largest first payments, every term. */
function edgePlans() {
  const plans: { total: bigint; deposit: bigint; months: number }[] = [];
  for (const total of [10_001n, 12_345n, 99_999n, 100_001n, 400_202n, 444_444n, 499_999n, 500_000n]) {
    // Whole shillings, as typed on the keypad.
    for (const deposit of [(total * 20n + 99n) / 100n, total / 2n, total - 1n, 99_999n, 100_000n]) {
      if (deposit >= total || deposit * 5n < total) continue;
      for (const months of PLAN_TERMS) plans.push({ total: total * KES, deposit: deposit * KES, months });
    }
  }
  return plans;
}

describe.each(LANGS)('USSD screens at their longest values (%s)', (lang) => {
  it('shows a plan as the schedule the server stores, and fits the screen', () => {
    const c = menuContext(lang);
    let longest = 0;
    for (const plan of edgePlans()) {
      const data = {
        sellerPhone: '254799999999',
        item: LONG_ITEM,
        type: 'lipa_mdogo_mdogo' as const,
        amount: plan.deposit.toString(),
        total: plan.total.toString(),
        months: plan.months,
      };
      const text = buyScreens.buy_confirm.render(c, data) as string;
      longest = Math.max(longest, text.length);
      expect(text.length, text).toBeLessThanOrEqual(USSD_SCREEN_MAX);
      // The first payment and the ones after it, as shown, add up to the total.
      const payments = text.split('\n')[2]!;
      const shown = [...payments.matchAll(/(?:(\d+) x )?KES ([\d,]+)/g)].reduce(
        (sum, match) => sum + BigInt(match[1] ?? '1') * BigInt(match[2]!.replaceAll(',', '')) * KES,
        0n,
      );
      expect(shown, text).toBe(plan.total);
      expect(buildPlan(plan).schedule.length).toBeGreaterThan(1);
    }
    expect(longest).toBeGreaterThan(150);
  });

  it('names the real schedule: one payment of KES 1, or a smaller last payment', () => {
    const c = menuContext(lang);
    const m = USSD_MESSAGES[lang];
    const base = { sellerPhone: '254799999999', item: 'Friji', type: 'lipa_mdogo_mdogo' as const, months: 24 };
    const tiny = buyScreens.buy_confirm.render(c, { ...base, total: '1000100', amount: '1000000' }) as string;
    expect(tiny).toContain(lang === 'en' ? 'First KES 10,000, then KES 1\n' : 'Kwanza KES 10,000, kisha KES 1\n');
    expect(tiny).toContain(m.confirmPlan('Friji', '0799 999 999', 'KES 10,001', 'KES 10,000', 'KES 1', 'KES 0').split('\n')[0]);
    const uneven = buyScreens.buy_confirm.render(c, { ...base, total: '49999900', amount: '10000000' }) as string;
    const rest = lang === 'en' ? 'then 23 x KES 16,700 and KES 15,899' : 'kisha 23 x KES 16,700 na KES 15,899';
    expect(uneven).toContain(rest);
  });

  it('names each inspection window on the type menu, from minutes to weeks, and fits the screen', () => {
    for (const [standard, protectedWindow] of [
      [59 * 60, 45 * 60],
      [36 * 3600, 59 * 60],
      [999 * 3600, 9_999 * 3600],
      [3 * 24 * 3600, 7 * 24 * 3600],
    ]) {
      const config = { INSPECTION_WINDOW_SECONDS: standard, PROTECTED_INSPECTION_WINDOW_SECONDS: protectedWindow };
      const c = { ...menuContext(lang), ctx: { config } as unknown as AppContext };
      const text = buyScreens.buy_type.render(c, { sellerPhone: '254799999999', item: LONG_ITEM }) as string;
      expect(text.length, text).toBeLessThanOrEqual(USSD_SCREEN_MAX);
      expect(text, text).not.toMatch(/\b0 (hours|minutes)\b|(saa|dakika) 0\b/);
    }
    const menu = buyScreens.buy_type.render(
      {
        ...menuContext(lang),
        ctx: { config: { INSPECTION_WINDOW_SECONDS: 59 * 60, PROTECTED_INSPECTION_WINDOW_SECONDS: 45 * 60 } } as unknown as AppContext,
      },
      { sellerPhone: '254799999999', item: LONG_ITEM },
    ) as string;
    expect(menu).toContain(lang === 'en' ? '(59 minutes to check)' : '(dakika 59 kukagua)');
  });
});

/** The longest values a message can be given: a reference, six-digit amounts, a fee with cents, a clipped name. */
const REF = 'ESC-XXXX-XXXX';
const AMOUNT = 'KES 499,999';
const FEE = 'KES 1,234.50';
const NAME = 'W'.repeat(20);

describe.each(LANGS)('USSD messages at their longest values (%s)', (lang) => {
  const m = USSD_MESSAGES[lang];
  /** A confirmation screen: the question, the PIN prompt and the navigation line. */
  const confirmScreen = (question: string) => [question, m.enterPin, m.nav].join('\n');

  it.each<[string, () => string]>([
    ['confirmWithdraw', () => confirmScreen(m.confirmWithdraw(REF, AMOUNT, FEE))],
    ['confirmAccept', () => confirmScreen(m.confirmAccept(REF, AMOUNT, FEE))],
    ['withdrawalAccepted', () => m.withdrawalAccepted(REF, AMOUNT, FEE)],
    ['confirmNewReleaseCode', () => confirmScreen(m.confirmNewReleaseCode(REF))],
    ['newReleaseCodeSent', () => m.newReleaseCodeSent(REF)],
    ['releaseCodeUnusable', () => m.releaseCodeUnusable],
    [
      "a paid order's detail to its buyer, with the new release code option",
      () =>
        [
          m.detail(REF, LONG_ITEM.slice(0, 24), AMOUNT, m.status.funded),
          m.otherParty('seller', `${NAME} 0711 000 101`),
          `1. ${m.newReleaseCodeOption}`,
          m.nav,
        ].join('\n'),
    ],
    ['promptWaiting', () => m.promptWaiting(59)],
    ['proveFirstPin', () => m.proveFirstPin(NAME.slice(0, 12), true)],
    ['noCodeYet with a password', () => m.noCodeYet(NAME.slice(0, 12), '23:59', true)],
    ['noCodeYet without one', () => m.noCodeYet(NAME.slice(0, 12), '23:59', false)],
    ['tooManyProofs', () => m.tooManyProofs('23:59', true)],
    ...(
      [
        'phoneNotVerified',
        'tooManyInvitations',
        'answerWithdrawalFirst',
        'withdrawalLapsedFirst',
        'withdrawalWaiting',
        'withdrawalWaitingLapsed',
        'inspectionOver',
        'sellerOnly',
      ] as const
    ).map((key): [string, () => string] => [key, () => m[key]]),
    ['tooManyTransactions', () => m.tooManyTransactions('23:59')],
    // The answer-a-withdrawal list when the only requests are past their respond-by: at most two references.
    ['withdrawalsPastAnswer', () => [m.withdrawalsPastAnswer(`${REF}, ${REF}`), m.nav].join('\n')],
    // The Dispatch and release-code lists when the only orders are plans a withdrawal request holds: at most two references.
    ['heldByWithdrawal', () => [m.heldByWithdrawal(`${REF}, ${REF}`), m.nav].join('\n')],
    ['heldByWithdrawalLapsed', () => [m.heldByWithdrawalLapsed(`${REF}, ${REF}`), m.nav].join('\n')],
    [
      'a Dispatch or release-code list page of two orders, a held plan under it, after a wrong choice',
      () => {
        const item = `${REF.slice(4)} ${LONG_ITEM.slice(0, 10)}.. 500,000`;
        return [m.invalidChoice, `1. ${item}`, `2. ${item}`, m.heldLine(REF.slice(4)), m.more, m.nav].join('\n');
      },
    ],
    // The buyer's Leave-a-plan list when their only plans have a request waiting: the first with its respond-by
    // (30 November: the longest date). A wrong-choice notice, then the next waiting plan, give way when they do not fit.
    ['withdrawalRequestWaiting', () => [m.withdrawalRequestWaiting(REF, '30 Nov 2026, 23:59'), m.nav].join('\n')],
    ['withdrawalRequestLapsed', () => [m.withdrawalRequestLapsed(REF), m.nav].join('\n')],
    [
      "a Leave-a-plan list page of two plans, the buyer's waiting one under it, after a wrong choice",
      () => {
        const item = `${REF.slice(4)} ${LONG_ITEM.slice(0, 10)}.. 500,000`;
        return [m.invalidChoice, `1. ${item}`, `2. ${item}`, m.requestWaitingLine(REF.slice(4)), m.more, m.nav].join('\n');
      },
    ],
    ['refusedUnexplained', () => m.refusedUnexplained('x'.repeat(150))],
    ['enterReleaseCode', () => [m.enterReleaseCode(REF, NAME, 'KES 500,000'), m.nav].join('\n')],
    ['notAllowedNow', () => m.notAllowedNow(m.status.funded)],
    ['confirmRelease', () => confirmScreen(m.confirmRelease('KES 500,000', NAME, REF, AMOUNT))],
    [
      "the seller's withdrawal question, with its answer-by date and the longest reason",
      // 30 November: the longest date (two-digit day), at two-digit hours.
      () => withdrawalAskScreen({ m, lang }, REF, 'x'.repeat(1000), new Date('2026-11-30T20:59:00Z'), undefined),
    ],
  ])('%s fits the screen', (_name, screen) => {
    const text = screen();
    expect(text.length, text).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  });
});

describe.each(LANGS)('My transactions at its longest (%s)', (lang) => {
  const m = USSD_MESSAGES[lang];
  const labels = [...Object.values(m.shortStatus), ...Object.values(m.sellerPayoutShortStatus)];
  it.each(labels)('fits three lines that read "%s"', (label) => {
    const line = transactionLine(m, { reference_number: REF, product_name: LONG_ITEM, amount: '499999.00' }, label);
    const screen = [m.myTransactions(999, 999), ...[1, 2, 3].map((n) => `${n}. ${line}`), m.more, m.nav].join('\n');
    expect(screen.length, screen).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  });
  it.each(Object.values(m.sellerPayoutStatus))('fits the detail of a sale at its longest: "%s"', (status) => {
    const screen = [m.detail(REF, LONG_ITEM.slice(0, 24), AMOUNT, status), m.otherParty('buyer', `${NAME} 0711 000 101`), m.nav].join('\n');
    expect(screen.length, screen).toBeLessThanOrEqual(USSD_SCREEN_MAX);
  });
});

describe.each(LANGS)('A Lipa Mdogo Mdogo plan in My transactions at its longest (%s)', (lang) => {
  const m = USSD_MESSAGES[lang];
  const now = new Date('2026-09-29T12:00:00Z');
  // Six-figure amounts (a plan's fee is whole shillings), a two-digit day in a date, the longest names.
  const plan = (status: 'pending' | 'installment', installment: 'pending' | 'overdue', dueDate: string): DetailView => ({
    transaction: {
      reference_number: REF,
      product_name: LONG_ITEM,
      amount: '500000.00',
      status,
      transaction_type: 'lipa_mdogo_mdogo',
      my_role: 'buyer',
      amount_paid: '499999.00',
      amount_due: '498802.00',
      quote: { next_payment: '498802.00' },
      buyer: { display_name: NAME, phone_number: '254711000101' },
      seller: { display_name: NAME, phone_number: '254711000202' },
    },
    seller_payout: null,
    installments: [{ due_date: dueDate, status: installment }],
  });
  it.each([
    ['before its first payment', plan('pending', 'pending', '2026-09-28T12:00:00Z')],
    ['with the next installment to come', plan('installment', 'pending', '2026-12-28T12:00:00Z')],
    ['with the next installment overdue', plan('installment', 'overdue', '2026-09-28T12:00:00Z')],
  ])('fits the detail %s', (_name, view) => {
    const screen = detailScreen(m, lang, view, now);
    expect(screen.length, screen).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    expect(screen).toContain(m.paidLeft('KES 499,999', 'KES 498,802'));
  });
});

describe('Kiswahili statuses', () => {
  it('speak of the order (imelipwa, "it is paid"), never of the reader (umelipwa, "you were paid")', () => {
    const sw = USSD_MESSAGES.sw;
    for (const words of [
      ...Object.values(sw.status),
      ...Object.values(sw.shortStatus),
      ...Object.values(sw.sellerPayoutStatus),
      ...Object.values(sw.sellerPayoutShortStatus),
    ])
      expect(words).not.toMatch(/^(u|U)m/);
    expect(sw.shortStatus.funded).toBe('Imelipwa');
    expect(sw.enterReleaseCode('ESC-X', 'Radio', 'KES 1')).toContain('nambari ya kuachilia ya mnunuzi');
  });

  it("use the website's word for each state (client/src/i18n/sw/customer.ts): malalamiko, imeghairiwa", () => {
    const sw = USSD_MESSAGES.sw;
    expect([sw.status.disputed, sw.shortStatus.disputed]).toEqual(['ina malalamiko', 'Malalamiko']);
    expect([sw.status.cancelled, sw.shortStatus.cancelled]).toEqual(['imeghairiwa', 'Imeghairiwa']);
  });
});

describe.each(LANGS)('the locked PIN screen (%s)', (lang) => {
  it("names both ways back, the website's Profile and customer care's number, and fits the screen", () => {
    const screen = USSD_MESSAGES[lang].pinLocked('23:59');
    expect(screen.length, screen).toBeLessThanOrEqual(USSD_SCREEN_MAX);
    expect(screen).toContain(lang === 'en' ? '(Profile)' : '(Wasifu)');
    // The number every SMS gives for help (notifications/templates.ts).
    expect(screen).toContain('0709 384 400');
  });
});
