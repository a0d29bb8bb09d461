import { beforeAll, describe, expect, it } from 'vitest';
import type { Translate } from '@/i18n';
import { loadTranslators } from '@/i18n/test-translators';
import { isLive, type TransactionDetail } from '../api/transactions';
import { ApiError } from '@/lib/api';
import { guidance, isMissingTransaction, sellerPayoutRows } from './transaction-detail';

let sw: Translate;
let en: Translate;
beforeAll(async () => {
  ({ en, sw } = await loadTranslators());
});

/** A plan whose buyer asked to withdraw, read by `role`: the waiting request as the detail read gives it. */
const RESPOND_BY = '2026-12-30T12:14:00.000Z';
const withdrawalAsked = (role: 'buyer' | 'seller', reason: string, pastRespondBy = false) =>
  ({
    transaction: { my_role: role, status: 'installment', quote: {} },
    withdrawal_request: { reason, requested_at: '2026-12-27T12:14:00.000Z', respond_by: RESPOND_BY, past_respond_by: pastRespondBy },
    timeline: [],
  }) as unknown as TransactionDetail;

describe('the seller’s guidance on a withdrawal request', () => {
  const reason = 'Nimepata friji nyingine kwa bei nafuu.';

  it('says the request once, by when to answer and what follows if not, and quotes the buyer’s reason once, as typed', () => {
    const said = guidance(withdrawalAsked('seller', reason), en, 'en');
    expect(said).toBe(
      'The buyer asked to withdraw from this plan. Accept to refund them, or decline and the mediation team reviews it. Answer by 30 Dec 2026, 15:14: if you do not, it goes to the mediation team as if you declined. Their reason: “Nimepata friji nyingine kwa bei nafuu.”',
    );
    expect(said.match(/withdraw/g)).toHaveLength(1);
    expect(said.split(reason)).toHaveLength(2);
    expect(said).not.toContain('..');
    expect(guidance(withdrawalAsked('seller', reason), sw, 'sw')).toBe(
      'Mnunuzi ameomba kujiondoa kwenye mpango huu. Kubali arudishiwe pesa, au kataa na timu ya usuluhishi itaamua. Jibu kabla ya 30 Des 2026, 15:14: usipojibu, litapelekwa kwa timu ya usuluhishi kana kwamba umekataa. Sababu yake: “Nimepata friji nyingine kwa bei nafuu.”',
    );
  });

  it('leaves out a reason that is only spaces, and tells the buyer until when they wait', () => {
    expect(guidance(withdrawalAsked('seller', '  '), en, 'en')).toBe(
      'The buyer asked to withdraw from this plan. Accept to refund them, or decline and the mediation team reviews it. Answer by 30 Dec 2026, 15:14: if you do not, it goes to the mediation team as if you declined.',
    );
    expect(guidance(withdrawalAsked('buyer', reason), en, 'en')).toBe(
      'Your withdrawal request is waiting for the seller to accept or decline by 30 Dec 2026, 15:14. If they do not answer by then, the mediation team reviews it.',
    );
  });
});

describe('the guidance on a withdrawal request past its respond-by', () => {
  // Until the lapse sweep runs (up to ten minutes) the request still waits, but an answer is refused (409):
  // the page said "Answer by …" with a time already gone.
  it('tells the seller the time to answer has passed and the mediation team reviews it, in both languages', () => {
    const said = guidance(withdrawalAsked('seller', 'Nimebadilisha nia', true), en, 'en');
    expect(said).toBe(
      'The buyer asked to withdraw from this plan and the time to answer (30 Dec 2026, 15:14) has passed: the mediation team will review it as a dispute, as if you declined. You will get an SMS when it is opened and can give your side there.',
    );
    expect(said).not.toMatch(/Answer by|Accept/);
    expect(guidance(withdrawalAsked('seller', 'Nimebadilisha nia', true), sw, 'sw')).toBe(
      'Mnunuzi ameomba kujiondoa kwenye mpango huu na muda wa kujibu (30 Des 2026, 15:14) umepita: timu ya usuluhishi italishughulikia kama malalamiko, kana kwamba umekataa. Utapata SMS litakapofunguliwa na utaweza kueleza upande wako hapo.',
    );
  });

  it('tells the buyer the seller did not answer in time, in both languages', () => {
    expect(guidance(withdrawalAsked('buyer', 'x', true), en, 'en')).toBe(
      'The seller did not answer your withdrawal request by 30 Dec 2026, 15:14: the mediation team will review it as a dispute. You will get an SMS when it is opened.',
    );
    expect(guidance(withdrawalAsked('buyer', 'x', true), sw, 'sw')).toBe(
      'Muuzaji hakujibu ombi lako la kujiondoa kufikia 30 Des 2026, 15:14: timu ya usuluhishi italishughulikia kama malalamiko. Utapata SMS litakapofunguliwa.',
    );
  });
});

describe('the seller’s guidance on a paid transaction', () => {
  const paid = { transaction: { my_role: 'seller', status: 'funded', quote: {} }, timeline: [] } as unknown as TransactionDetail;

  it('names the button the seller has to press, as the button reads', () => {
    expect(guidance(paid, sw, 'sw')).toContain(`"${sw('customer.actions.dispatch.label')}"`);
  });
});

describe('a transaction that cannot be loaded', () => {
  it('is not found for a 404 and for an id that is no transaction id (a link cut short), so no retry is offered', () => {
    expect(isMissingTransaction(new ApiError('Transaction not found', 404, 'NOT_FOUND'))).toBe(true);
    expect(isMissingTransaction(new ApiError('id: Invalid id', 400, 'VALIDATION_ERROR', { id: ['Invalid id'] }))).toBe(true);
  });

  it('is a failure to retry for anything else', () => {
    expect(isMissingTransaction(new ApiError('Server error', 500, 'INTERNAL_ERROR'))).toBe(false);
    expect(isMissingTransaction(new ApiError('Bad query', 400, 'VALIDATION_ERROR', { page: ['Too big'] }))).toBe(false);
    expect(isMissingTransaction(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('a completed transaction whose seller payout is not paid yet', () => {
  /** A ruling for the seller of KES 9,000 (fee KES 79); the payout as the detail's `seller_payout` carries it. */
  const released = (role: 'buyer' | 'seller', payout: 'pending' | 'processing' | 'completed' | 'failed', refunded = '0.00') =>
    ({
      transaction: {
        my_role: role,
        status: 'completed',
        amount: refunded === '0.00' ? '9000.00' : '12000.00',
        quote: { refunded, released_to_seller: '9000.00', seller_fee_charged: '79.00', seller_paid_out: '8921.00' },
      },
      seller_payout: { amount: '8921.00', status: payout, receipt: null, completed_at: null },
      timeline: [],
    }) as unknown as TransactionDetail;

  it('does not tell the seller they were paid while the payout failed, and says the team will contact them', () => {
    expect(guidance(released('seller', 'failed'), en, 'en')).toBe(
      'Completed: KES 8,921 is yours (KES 9,000 less your fee of KES 79), but sending it to your mobile money failed. Our team will contact you.',
    );
    expect(guidance(released('seller', 'failed'), sw, 'sw')).toBe(
      'Imekamilika: KES 8,921 ni zako (KES 9,000 ukitoa ada yako ya KES 79), lakini kuzituma kwa pesa yako ya simu hakukufaulu. Timu yetu itawasiliana nawe.',
    );
    expect(guidance(released('seller', 'failed', '3000.00'), en, 'en')).toBe(
      'Split ruling: KES 8,921 is yours, but sending it to your mobile money failed. Our team will contact you. KES 3,000 was refunded to the buyer.',
    );
    expect(guidance(released('buyer', 'failed'), en, 'en')).toBe(
      'Completed: the payment was released to the seller, KES 8,921 for them (KES 9,000 less their fee).',
    );
  });

  it('says the money is on its way while the rail has not answered, and paid once it has', () => {
    expect(guidance(released('seller', 'processing'), en, 'en')).toBe(
      'Completed: KES 8,921 is on its way to you (KES 9,000 less your fee of KES 79).',
    );
    expect(guidance(released('seller', 'pending', '3000.00'), sw, 'sw')).toBe(
      'Uamuzi wa kugawanya: KES 8,921 zinatumwa kwako. Mnunuzi amerudishiwa KES 3,000.',
    );
    expect(guidance(released('seller', 'completed'), en, 'en')).toBe(
      'Completed: KES 8,921 was paid to you (KES 9,000 less your fee of KES 79).',
    );
    expect(guidance(released('buyer', 'completed'), en, 'en')).toBe('Completed: the seller was paid KES 8,921 (KES 9,000 less their fee).');
  });

  it('does not call a sale paid twice, its second payment given back, a split ruling', () => {
    const twice = (role: 'buyer' | 'seller') =>
      ({
        transaction: {
          my_role: role,
          status: 'completed',
          amount: '9000.00',
          quote: { refunded: '9225.00', released_to_seller: '9000.00', seller_fee_charged: '79.00', seller_paid_out: '8921.00' },
        },
        seller_payout: { amount: '8921.00', status: 'completed', receipt: null, completed_at: null },
        timeline: [],
      }) as unknown as TransactionDetail;
    expect(guidance(twice('seller'), en, 'en')).toBe('Completed: KES 8,921 was paid to you (KES 9,000 less your fee of KES 79).');
    expect(guidance(twice('buyer'), en, 'en')).toBe('Completed: the seller was paid KES 8,921 (KES 9,000 less their fee).');
  });

  it('tells the buyer of a split that the seller’s part was released, and that it went to them once paid', () => {
    expect(guidance(released('buyer', 'pending', '3000.00'), en, 'en')).toBe(
      'KES 3,000 was refunded to you. KES 8,921 was released to the seller.',
    );
    expect(guidance(released('buyer', 'failed', '3000.00'), sw, 'sw')).toBe('Umerudishiwa KES 3,000. KES 8,921 zimeachiliwa kwa muuzaji.');
    expect(guidance(released('buyer', 'completed', '3000.00'), en, 'en')).toBe(
      'KES 3,000 was refunded to you. KES 8,921 went to the seller.',
    );
  });
});

describe('a refunded transaction whose refund is not paid yet', () => {
  /** A withdrawal accepted: KES 20,000 refunded; the refund's lines as the detail's timeline carries them. */
  const refunded = (role: 'buyer' | 'seller', ...after: ('refund_completed' | 'refund_failed')[]) =>
    ({
      transaction: { my_role: role, status: 'refunded', quote: { refunded: '20000.00' } },
      seller_payout: null,
      timeline: [
        { event_type: 'withdrawal_confirmed', data: { amount: '20000.00' } },
        { event_type: 'refund_initiated', data: { amount: '20000.00', reason: 'withdrawal_accepted' } },
        ...after.map((event_type) => ({ event_type, data: { amount: '20000.00' } })),
      ],
    }) as unknown as TransactionDetail;

  it('does not tell the buyer it was sent back while the rail has not paid it, in both languages', () => {
    expect(guidance(refunded('buyer'), en, 'en')).toBe('Refunded: KES 20,000 is on its way back to your mobile money.');
    expect(guidance(refunded('buyer'), sw, 'sw')).toBe('Pesa inarudishwa: KES 20,000 zinatumwa kwenye simu uliyolipa nayo.');
    expect(guidance(refunded('seller'), en, 'en')).toBe("Refunded: KES 20,000 is on its way back to the buyer's mobile money.");
    expect(guidance(refunded('seller'), sw, 'sw')).toBe('Pesa inarudishwa: KES 20,000 zinatumwa kwa mnunuzi.');
    // The page keeps asking until the rail answers, then stops.
    expect(isLive(refunded('buyer'))).toBe(true);
    expect(isLive(refunded('buyer', 'refund_completed'))).toBe(false);
  });

  it('says the refund failed and the team will contact the buyer when the rail refused it, in both languages', () => {
    expect(guidance(refunded('buyer', 'refund_failed'), en, 'en')).toBe(
      'Refunded: KES 20,000 is yours, but sending it back to your mobile money failed. Our team will contact you.',
    );
    expect(guidance(refunded('buyer', 'refund_failed'), sw, 'sw')).toBe(
      'Pesa inarudishwa: KES 20,000 ni zako, lakini kuzituma kwenye simu uliyolipa nayo hakukufaulu. Timu yetu itawasiliana nawe.',
    );
    expect(guidance(refunded('seller', 'refund_failed'), en, 'en')).toBe(
      "Refunded: KES 20,000 is the buyer's, but sending it back to their mobile money failed. Our team will contact them.",
    );
    expect(guidance(refunded('seller', 'refund_failed'), sw, 'sw')).toBe(
      'Pesa inarudishwa: KES 20,000 ni za mnunuzi, lakini kuzituma kwake hakukufaulu. Timu yetu itawasiliana naye.',
    );
    expect(isLive(refunded('buyer', 'refund_failed'))).toBe(false);
  });

  it('says it was sent back once the rail has paid it', () => {
    expect(guidance(refunded('buyer', 'refund_completed'), en, 'en')).toBe('Refunded: KES 20,000 was sent back to your mobile money.');
    expect(guidance(refunded('buyer', 'refund_completed'), sw, 'sw')).toBe(
      'Pesa imerudishwa: KES 20,000 imetumwa kwenye simu uliyolipa nayo.',
    );
    expect(guidance(refunded('seller', 'refund_completed'), en, 'en')).toBe(
      "Refunded: KES 20,000 was sent back to the buyer's mobile money.",
    );
  });
});

/** A refund of KES 3,000 to the buyer as the detail's timeline carries it: started, then paid or refused by the rail. */
type RefundState = 'sending' | 'paid' | 'failed';
const refundLines = (state: RefundState) => [
  { event_type: 'refund_initiated', data: { amount: '3000.00', reason: 'dispute_resolved' } },
  ...(state === 'sending' ? [] : [{ event_type: state === 'paid' ? 'refund_completed' : 'refund_failed', data: { amount: '3000.00' } }]),
];

describe('a transaction cancelled after payment', () => {
  // It read "Cancelled: KES 3,000 was refunded to the buyer." to both parties, the buyer included, whether the
  // rail had paid the refund, not answered yet, or refused it.
  const cancelled = (role: 'buyer' | 'seller', refund: RefundState) =>
    ({
      transaction: { my_role: role, status: 'cancelled', quote: { refunded: '3000.00' } },
      seller_payout: null,
      timeline: refundLines(refund),
    }) as unknown as TransactionDetail;

  it('tells the buyer, as "you", where their refund is, in both languages', () => {
    expect(guidance(cancelled('buyer', 'paid'), en, 'en')).toBe('Cancelled. KES 3,000 was refunded to you.');
    expect(guidance(cancelled('buyer', 'paid'), sw, 'sw')).toBe('Imeghairiwa. Umerudishiwa KES 3,000.');
    expect(guidance(cancelled('buyer', 'sending'), en, 'en')).toBe('Cancelled. KES 3,000 is on its way back to your mobile money.');
    expect(guidance(cancelled('buyer', 'sending'), sw, 'sw')).toBe(
      'Imeghairiwa. Unarudishiwa KES 3,000: zinatumwa kwenye simu uliyolipa nayo.',
    );
    expect(guidance(cancelled('buyer', 'failed'), en, 'en')).toBe(
      'Cancelled. KES 3,000 is yours, but sending it back to your mobile money failed. Our team will contact you.',
    );
    expect(guidance(cancelled('buyer', 'failed'), sw, 'sw')).toBe(
      'Imeghairiwa. KES 3,000 ni zako, lakini kuzituma kwenye simu uliyolipa nayo hakukufaulu. Timu yetu itawasiliana nawe.',
    );
  });

  it('tells the seller where the buyer’s refund is, in both languages', () => {
    expect(guidance(cancelled('seller', 'paid'), en, 'en')).toBe('Cancelled. KES 3,000 was refunded to the buyer.');
    expect(guidance(cancelled('seller', 'paid'), sw, 'sw')).toBe('Imeghairiwa. Mnunuzi amerudishiwa KES 3,000.');
    expect(guidance(cancelled('seller', 'sending'), en, 'en')).toBe("Cancelled. KES 3,000 is on its way back to the buyer's mobile money.");
    expect(guidance(cancelled('seller', 'sending'), sw, 'sw')).toBe('Imeghairiwa. Mnunuzi anarudishiwa KES 3,000: zinatumwa kwake.');
    expect(guidance(cancelled('seller', 'failed'), en, 'en')).toBe(
      "Cancelled. KES 3,000 is the buyer's, but sending it back to their mobile money failed. Our team will contact them.",
    );
    expect(guidance(cancelled('seller', 'failed'), sw, 'sw')).toBe(
      'Imeghairiwa. KES 3,000 ni za mnunuzi, lakini kuzituma kwake hakukufaulu. Timu yetu itawasiliana naye.',
    );
  });

  it('says nothing of a refund when nothing was paid', () => {
    const unpaid = { transaction: { my_role: 'buyer', status: 'cancelled', quote: { refunded: '0.00' } }, timeline: [] };
    expect(guidance(unpaid as unknown as TransactionDetail, en, 'en')).toBe('This transaction was cancelled before anything was paid.');
  });
});

describe('a split ruling whose refund to the buyer is not paid yet', () => {
  // Each half follows its own money: the seller's payout (seller_payout) and the buyer's refund (the timeline).
  const split = (role: 'buyer' | 'seller', payout: 'processing' | 'completed' | 'failed', refund: RefundState) =>
    ({
      transaction: {
        my_role: role,
        status: 'completed',
        amount: '12000.00',
        quote: { refunded: '3000.00', released_to_seller: '9000.00', seller_fee_charged: '79.00', seller_paid_out: '8921.00' },
      },
      seller_payout: { amount: '8921.00', status: payout, receipt: null, completed_at: null },
      timeline: refundLines(refund),
    }) as unknown as TransactionDetail;

  it('tells the buyer their refund is on its way, or failed, and does not say it was refunded, in both languages', () => {
    expect(guidance(split('buyer', 'completed', 'sending'), en, 'en')).toBe(
      'KES 3,000 is on its way back to your mobile money. KES 8,921 went to the seller.',
    );
    expect(guidance(split('buyer', 'completed', 'sending'), sw, 'sw')).toBe(
      'Unarudishiwa KES 3,000: zinatumwa kwenye simu uliyolipa nayo. Muuzaji amepata KES 8,921.',
    );
    expect(guidance(split('buyer', 'processing', 'failed'), en, 'en')).toBe(
      'KES 3,000 is yours, but sending it back to your mobile money failed. Our team will contact you. KES 8,921 was released to the seller.',
    );
    expect(guidance(split('buyer', 'processing', 'failed'), sw, 'sw')).toBe(
      'KES 3,000 ni zako, lakini kuzituma kwenye simu uliyolipa nayo hakukufaulu. Timu yetu itawasiliana nawe. KES 8,921 zimeachiliwa kwa muuzaji.',
    );
    expect(guidance(split('buyer', 'completed', 'paid'), sw, 'sw')).toBe('Umerudishiwa KES 3,000. Muuzaji amepata KES 8,921.');
  });

  it('tells the seller where the buyer’s refund is beside their own payout, in both languages', () => {
    expect(guidance(split('seller', 'completed', 'sending'), en, 'en')).toBe(
      "Split ruling: KES 8,921 was paid to you. KES 3,000 is on its way back to the buyer's mobile money.",
    );
    expect(guidance(split('seller', 'completed', 'sending'), sw, 'sw')).toBe(
      'Uamuzi wa kugawanya: umelipwa KES 8,921. Mnunuzi anarudishiwa KES 3,000: zinatumwa kwake.',
    );
    expect(guidance(split('seller', 'processing', 'failed'), en, 'en')).toBe(
      "Split ruling: KES 8,921 is on its way to you. KES 3,000 is the buyer's, but sending it back to their mobile money failed. Our team will contact them.",
    );
    expect(guidance(split('seller', 'processing', 'failed'), sw, 'sw')).toBe(
      'Uamuzi wa kugawanya: KES 8,921 zinatumwa kwako. KES 3,000 ni za mnunuzi, lakini kuzituma kwake hakukufaulu. Timu yetu itawasiliana naye.',
    );
    expect(guidance(split('seller', 'failed', 'paid'), en, 'en')).toBe(
      'Split ruling: KES 8,921 is yours, but sending it to your mobile money failed. Our team will contact you. KES 3,000 was refunded to the buyer.',
    );
    expect(guidance(split('seller', 'completed', 'paid'), sw, 'sw')).toBe(
      'Uamuzi wa kugawanya: umelipwa KES 8,921. Mnunuzi amerudishiwa KES 3,000.',
    );
  });
});

describe('the seller’s payout card', () => {
  const paidOut = (rail: 'mpesa' | 'airtel') =>
    ({
      transaction: { my_role: 'seller', status: 'completed', quote: { seller_paid_out: '14906.00', seller_fee_charged: '94.00' } },
      seller_payout: { amount: '14906.00', status: 'completed', rail, receipt: 'MPG56XM612GW', completed_at: '2026-11-28T13:51:00.000Z' },
      timeline: [],
    }) as unknown as TransactionDetail;
  const receiptRow = (detail: TransactionDetail, t: Translate) => sellerPayoutRows(detail, t).find((row) => row[2] === 'payout-receipt');

  it('names the receipt by the rail that paid it, in both languages (an Airtel Money payout read "M-Pesa receipt")', () => {
    expect(receiptRow(paidOut('airtel'), en)).toEqual(['Airtel Money receipt', 'MPG56XM612GW', 'payout-receipt']);
    expect(receiptRow(paidOut('airtel'), sw)).toEqual(['Risiti ya Airtel Money', 'MPG56XM612GW', 'payout-receipt']);
    expect(receiptRow(paidOut('mpesa'), en)?.[0]).toBe('M-Pesa receipt');
    expect(receiptRow(paidOut('mpesa'), sw)?.[0]).toBe('Risiti ya M-Pesa');
  });
});

describe('the seller’s release-code help', () => {
  it('says the code releases the payment at once, in Kiswahili as in English, not that the money reaches them at once', () => {
    // The payout follows the release and can take a while, or fail and be retried by the team.
    expect(en('customer.releaseCode.sellerHelp')).toContain('the payment is released to you at once');
    expect(sw('customer.releaseCode.sellerHelp')).toContain('malipo yanaachiliwa kwako papo hapo');
    expect(sw('customer.releaseCode.sellerHelp')).not.toContain('yanakufikia');
  });
});
