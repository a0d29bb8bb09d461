import { beforeAll, describe, expect, it } from 'vitest';
import { TIMELINE_EVENT_TYPES, type TimelineEventType } from '@escrow/core/domain/timeline-events';
import type { Translate } from '@/i18n';
import { loadTranslators } from '@/i18n/test-translators';
import { isDisputeResponse } from '@escrow/core/domain/timeline-events';
import { timelineDescription, timelineFailure, timelineSentence } from './timeline-sentence';

interface Case {
  name: string;
  event_type: TimelineEventType;
  data?: Record<string, unknown>;
  /** The English the server writes for this event (server/src/modules/**). */
  description: string;
  /** The English template's sentence, where it differs from the server's words. */
  en?: string;
  sw: string;
}

const DUE = '2026-11-21T09:00:00.000Z';
const GRACE = '2026-11-28T09:00:00.000Z';

// Events with their data as the server now records them, the server's English and the Kiswahili shown.
const CASES: Case[] = [
  {
    name: 'an escrow created',
    event_type: 'transaction_initiated',
    data: { amount: '2540.00', buyer_fee: '25.40', seller_fee: '25.40', transaction_type: 'standard', product_name: 'Tecno Spark 20' },
    description: 'Escrow transaction created for Tecno Spark 20',
    sw: 'Muamala wa escrow wa Tecno Spark 20 umeundwa',
  },
  {
    name: 'a plan created',
    event_type: 'transaction_initiated',
    data: { amount: '12000.00', transaction_type: 'lipa_mdogo_mdogo', product_name: 'Samsung A15' },
    description: 'Lipa Mdogo Mdogo plan created for Samsung A15',
    sw: 'Mpango wa Lipa Mdogo Mdogo wa Samsung A15 umeundwa',
  },
  {
    name: 'a payment requested',
    event_type: 'payment_initiated',
    data: { amount: '2540.00', payment_type: 'escrow_deposit', rail: 'mpesa', rail_name: 'M-Pesa' },
    description: 'M-Pesa payment of KES 2,540 requested',
    sw: 'Ombi la malipo ya KES 2,540 kwa M-Pesa limetumwa',
  },
  {
    name: 'a payment received with its receipt',
    event_type: 'payment_completed',
    data: { amount: '2540.00', payment_type: 'escrow_deposit', mpesa_receipt: 'SD12AB34CD', rail_name: 'M-Pesa', late: false },
    description: 'M-Pesa payment of KES 2,540 received (SD12AB34CD)',
    sw: 'Malipo ya KES 2,540 kwa M-Pesa yamepokelewa (SD12AB34CD)',
  },
  {
    name: 'a payment received late, confirmed by a query',
    event_type: 'payment_completed',
    data: { amount: '2540.00', payment_type: 'escrow_deposit', mpesa_receipt: null, rail_name: 'Airtel Money', late: true },
    description: 'Airtel Money payment of KES 2,540 received (confirmed by a status query) after it was reported unsuccessful',
    sw: 'Malipo ya KES 2,540 kwa Airtel Money yamepokelewa (yamethibitishwa kwa kuuliza hali ya malipo) baada ya kuripotiwa kuwa hayakufaulu',
  },
  {
    name: 'a payment whose callback carried no receipt',
    event_type: 'payment_completed',
    data: {
      amount: '2540.00',
      payment_type: 'escrow_deposit',
      mpesa_receipt: null,
      rail_name: 'Airtel Money',
      late: false,
      confirmed_by: 'callback',
    },
    description: 'Airtel Money payment of KES 2,540 received (no receipt)',
    sw: 'Malipo ya KES 2,540 kwa Airtel Money yamepokelewa (hakuna risiti)',
  },
  {
    name: 'a payment failed',
    event_type: 'payment_failed',
    data: {
      amount: '2540.00',
      payment_type: 'escrow_deposit',
      failure_reason: 'There was not enough money in your M-Pesa. Top up or use Fuliza, then try again.',
      failure_code: 'insufficient_funds',
      rail_name: 'M-Pesa',
      payment_status: 'failed',
    },
    description: 'M-Pesa payment of KES 2,540 failed. There was not enough money in your M-Pesa. Top up or use Fuliza, then try again.',
    sw: 'Malipo ya KES 2,540 kwa M-Pesa hayakufaulu. Salio la M-Pesa halikutosha. Ongeza pesa au tumia Fuliza, kisha ujaribu tena.',
  },
  {
    name: 'a payment cancelled on the phone',
    event_type: 'payment_failed',
    data: {
      amount: '2540.00',
      failure_reason: 'The M-Pesa prompt was cancelled on the phone. Try again when you are ready to pay.',
      failure_code: 'cancelled_by_payer',
      rail_name: 'M-Pesa',
      payment_status: 'cancelled',
    },
    description:
      'M-Pesa payment of KES 2,540 was cancelled. The M-Pesa prompt was cancelled on the phone. Try again when you are ready to pay.',
    sw: 'Malipo ya KES 2,540 kwa M-Pesa yalighairiwa. Ombi la M-Pesa lilikataliwa kwenye simu. Jaribu tena ukiwa tayari kulipa.',
  },
  {
    name: 'an installment paid',
    event_type: 'installment_paid',
    data: { sequence: 2, amount: '1500.00' },
    description: 'Installment 2 of KES 1,500 paid',
    sw: 'Awamu ya 2 ya KES 1,500 imelipwa',
  },
  {
    name: 'fully paid',
    event_type: 'transaction_funded',
    data: { amount: '2540.00' },
    description: 'Fully paid: KES 2,540 held in escrow',
    sw: 'Imelipwa yote: KES 2,540 imehifadhiwa kwenye escrow',
  },
  {
    name: 'dispatched with no details',
    event_type: 'dispatch_confirmed',
    data: { inspection_ends_at: DUE },
    description: 'The seller dispatched the item',
    sw: 'Muuzaji ametuma bidhaa',
  },
  {
    name: 'dispatched with a courier',
    event_type: 'dispatch_confirmed',
    data: { inspection_ends_at: DUE, courier: 'G4S' },
    description: 'The seller dispatched the item with G4S',
    sw: 'Muuzaji ametuma bidhaa kupitia G4S',
  },
  {
    name: 'dispatched with a courier and tracking number',
    event_type: 'dispatch_confirmed',
    data: { inspection_ends_at: DUE, courier: 'G4S', tracking_number: 'G4S-884120', note: 'Fragile, keep upright' },
    description: 'The seller dispatched the item with G4S (tracking G4S-884120)',
    sw: 'Muuzaji ametuma bidhaa kupitia G4S (nambari ya kufuatilia G4S-884120)',
  },
  {
    name: 'handed over with the release code',
    event_type: 'dispatch_confirmed',
    data: { via: 'release_code' },
    description: 'Handed over to the buyer (the seller entered the release code)',
    sw: 'Imekabidhiwa kwa mnunuzi (muuzaji aliweka nambari ya kuachilia malipo)',
  },
  {
    name: 'delivery confirmed',
    event_type: 'delivery_confirmed',
    description: 'The buyer confirmed delivery',
    sw: 'Mnunuzi amethibitisha kupokea bidhaa',
  },
  {
    name: 'auto release',
    event_type: 'auto_release_confirmed',
    description: 'The inspection period ended with no dispute; payment released automatically',
    sw: 'Muda wa kukagua umeisha bila malalamiko; malipo yametolewa yenyewe',
  },
  {
    name: 'released by the buyer',
    event_type: 'payment_released',
    data: { released_by: 'buyer' },
    description: 'Payment released to the seller',
    sw: 'Malipo yametolewa kwa muuzaji',
  },
  {
    name: 'released automatically',
    event_type: 'payment_released',
    data: { released_by: 'auto_release' },
    description: 'Payment released to the seller',
    sw: 'Malipo yametolewa kwa muuzaji',
  },
  {
    name: 'released by ruling',
    event_type: 'payment_released',
    data: { released_by: 'ruling' },
    description: 'Payment released to the seller by ruling',
    sw: 'Malipo yametolewa kwa muuzaji kwa uamuzi wa timu ya usuluhishi',
  },
  {
    name: 'a payout started',
    event_type: 'payout_initiated',
    data: { amount: '2489.20', seller_fee: '50.80' },
    description: 'Payout of KES 2,489.20 to the seller initiated',
    sw: 'Malipo ya KES 2,489.20 kwa muuzaji yameanza kutumwa',
  },
  {
    name: 'a payout sent again',
    event_type: 'payout_initiated',
    data: { amount: '2489.20', payout_id: 'p1', retried: true },
    description: 'The mediation team sent the payout of KES 2,489.20 again',
    sw: 'Timu ya usuluhishi imetuma tena malipo ya KES 2,489.20 kwa muuzaji',
  },
  {
    name: 'a payout completed',
    event_type: 'payout_completed',
    data: { amount: '2489.20', mpesa_receipt: 'SE98ZY76XW', rail_name: 'M-Pesa' },
    description: 'KES 2,489.20 sent to the seller by M-Pesa (SE98ZY76XW)',
    sw: 'KES 2,489.20 imetumwa kwa muuzaji kupitia M-Pesa (SE98ZY76XW)',
  },
  {
    name: 'a payout failed',
    event_type: 'payout_failed',
    data: {
      amount: '2489.20',
      failure_reason: 'The initiator information is invalid.',
      failure_code: 'other',
      attempts: 3,
      rail_name: 'M-Pesa',
    },
    description: 'M-Pesa could not pay KES 2,489.20 to the seller: M-Pesa did not accept the payment.',
    // The payee's reason, as their SMS gives it; the rail's own words are for staff.
    en: 'M-Pesa could not pay KES 2,489.20 to the seller: M-Pesa did not accept the payment.',
    sw: 'M-Pesa haikuweza kumlipa muuzaji KES 2,489.20: M-Pesa haikukubali malipo.',
  },
  {
    name: 'cancelled by the buyer with a reason',
    event_type: 'transaction_cancelled',
    data: { actor: 'buyer', cancel_reason: 'changed my mind' },
    description: 'Cancelled by the buyer: changed my mind',
    sw: 'Imeghairiwa na mnunuzi: changed my mind',
  },
  {
    name: 'cancelled by the buyer without a reason',
    event_type: 'transaction_cancelled',
    data: { actor: 'buyer' },
    description: 'Cancelled by the buyer',
    sw: 'Imeghairiwa na mnunuzi',
  },
  {
    name: 'cancelled by the seller with a reason',
    event_type: 'transaction_cancelled',
    data: { actor: 'seller', cancel_reason: 'Imeisha dukani' },
    description: 'Cancelled by the seller: Imeisha dukani',
    sw: 'Imeghairiwa na muuzaji: Imeisha dukani',
  },
  {
    name: 'cancelled by the seller without a reason',
    event_type: 'transaction_cancelled',
    data: { actor: 'seller' },
    description: 'Cancelled by the seller',
    sw: 'Imeghairiwa na muuzaji',
  },
  {
    name: 'a refund started',
    event_type: 'refund_initiated',
    data: { amount: '2540.00', reason: 'cancelled_after_funding' },
    description: 'Refund of KES 2,540 to the buyer initiated',
    sw: 'Urejeshaji wa KES 2,540 kwa mnunuzi umeanza',
  },
  {
    name: 'a refund sent again',
    event_type: 'refund_initiated',
    data: { amount: '2540.00', payout_id: 'p2', retried: true },
    description: 'The mediation team sent the refund of KES 2,540 again',
    sw: 'Timu ya usuluhishi imetuma tena urejeshaji wa KES 2,540 kwa mnunuzi',
  },
  {
    name: 'a refund completed with no receipt',
    event_type: 'refund_completed',
    data: { amount: '2540.00', mpesa_receipt: null, rail_name: 'Airtel Money' },
    description: 'KES 2,540 sent to the buyer by Airtel Money (no receipt)',
    sw: 'KES 2,540 imerudishwa kwa mnunuzi kupitia Airtel Money (hakuna risiti)',
  },
  {
    name: 'a refund failed',
    event_type: 'refund_failed',
    data: { amount: '2540.00', failure_reason: 'Insufficient balance', failure_code: 'other', attempts: 3, rail_name: 'M-Pesa' },
    description: 'M-Pesa could not pay KES 2,540 to the buyer: M-Pesa did not accept the payment.',
    en: 'M-Pesa could not pay KES 2,540 to the buyer: M-Pesa did not accept the payment.',
    sw: 'M-Pesa haikuweza kumrudishia mnunuzi KES 2,540: M-Pesa haikukubali malipo.',
  },
  {
    name: 'a dispute opened by the buyer',
    event_type: 'dispute_initiated',
    data: { dispute_id: 'd1', reason: 'quality_issue', actor: 'buyer', dispute_description: 'One speaker does not work' },
    description: 'Dispute opened by the buyer: One speaker does not work',
    sw: 'Malalamiko yamefunguliwa na mnunuzi: One speaker does not work',
  },
  {
    // No words of the caller's own: the type, in the reader's language (server/src/modules/ussd/flows/dispute.ts).
    name: 'a dispute opened over USSD with a reason from the list',
    event_type: 'dispute_initiated',
    data: { dispute_id: 'd1', reason: 'non_delivery', actor: 'buyer', dispute_description: null },
    description: 'Dispute opened by the buyer: Item or service not delivered',
    sw: 'Malalamiko yamefunguliwa na mnunuzi: Bidhaa au huduma haikufika',
  },
  {
    name: 'a dispute opened after a declined withdrawal',
    event_type: 'dispute_initiated',
    data: { dispute_id: 'd1', reason: 'withdrawal_declined', after_withdrawal: true },
    description: 'Dispute opened for the buyer after the seller declined the withdrawal',
    sw: 'Malalamiko yamefunguliwa kwa niaba ya mnunuzi baada ya muuzaji kukataa ombi la kujiondoa',
  },
  {
    name: 'a dispute opened after a withdrawal the seller did not answer in time',
    event_type: 'dispute_initiated',
    data: { dispute_id: 'd1', reason: 'withdrawal_declined', after_withdrawal: true, lapsed: true },
    description: 'Dispute opened for the buyer after the seller did not answer the withdrawal request in time',
    sw: 'Malalamiko yamefunguliwa kwa niaba ya mnunuzi baada ya muuzaji kutojibu ombi la kujiondoa kwa wakati',
  },
  {
    name: 'evidence with a file',
    event_type: 'dispute_evidence_added',
    data: { dispute_id: 'd1', evidence_id: 'e1', kind: 'chat_history', file_name: 'whatsapp.png', actor: 'seller' },
    description: 'The seller added evidence (chat history): whatsapp.png',
    sw: 'Muuzaji ameongeza ushahidi (mazungumzo): whatsapp.png',
  },
  {
    name: 'evidence without a file',
    event_type: 'dispute_evidence_added',
    data: { dispute_id: 'd1', evidence_id: 'e2', kind: 'delivery_record', actor: 'buyer' },
    description: 'The buyer added evidence (delivery record)',
    sw: 'Mnunuzi ameongeza ushahidi (rekodi ya usafirishaji)',
  },
  {
    name: 'evidence from the mediation team',
    event_type: 'dispute_evidence_added',
    data: { dispute_id: 'd1', evidence_id: 'e3', kind: 'screenshot', file_name: 'call-log.jpg', actor: 'admin' },
    description: 'The admin added evidence (screenshot): call-log.jpg',
    sw: 'Msimamizi ameongeza ushahidi (picha ya skrini): call-log.jpg',
  },
  {
    name: 'a response in time',
    event_type: 'dispute_evidence_added',
    data: { dispute_id: 'd1', response: true, is_late: false, actor: 'seller', response_text: 'Nilituma modeli sahihi' },
    description: 'The seller responded to the dispute: Nilituma modeli sahihi',
    sw: 'Muuzaji amejibu malalamiko: Nilituma modeli sahihi',
  },
  {
    name: 'a late response',
    event_type: 'dispute_evidence_added',
    data: { dispute_id: 'd1', response: true, is_late: true, actor: 'buyer', response_text: 'Sikuipokea' },
    description: 'The buyer responded to the dispute (after the response deadline): Sikuipokea',
    sw: 'Mnunuzi amejibu malalamiko (baada ya muda wa kujibu kuisha): Sikuipokea',
  },
  {
    name: 'ruled for the seller',
    event_type: 'dispute_resolved',
    data: { outcome: 'release_seller', buyer_amount: '0.00', seller_amount: '32000.00', seller_payout: '31360.00', awaiting_return: false },
    description: 'Ruled for the seller: KES 31,360 paid to the seller (KES 32,000 less the fee)',
    sw: 'Uamuzi umempendelea muuzaji: amelipwa KES 31,360 (KES 32,000 ukitoa ada)',
  },
  {
    name: 'ruled for the seller, the plan goes on',
    event_type: 'dispute_resolved',
    data: { outcome: 'release_seller', buyer_amount: '0.00', seller_amount: '0.00', awaiting_return: false, plan_goes_on: true },
    description: "Ruled for the seller: the buyer's claim is refused and the plan goes on",
    sw: 'Uamuzi umempendelea muuzaji: dai la mnunuzi limekataliwa na mpango unaendelea',
  },
  {
    name: 'ruled for the buyer',
    event_type: 'dispute_resolved',
    data: { outcome: 'refund_buyer', buyer_amount: '2540.00', seller_amount: '0.00', awaiting_return: false },
    description: 'Ruled for the buyer: KES 2,540 refunded to the buyer',
    sw: 'Uamuzi umempendelea mnunuzi: amerudishiwa KES 2,540',
  },
  {
    name: 'ruled for the buyer, awaiting the return',
    event_type: 'dispute_resolved',
    data: { outcome: 'refund_buyer', buyer_amount: '2540.00', seller_amount: '0.00', awaiting_return: true },
    description: 'Ruled for the buyer: KES 2,540 is refunded once the seller confirms the item came back',
    sw: 'Uamuzi umempendelea mnunuzi: atarudishiwa KES 2,540 muuzaji akithibitisha kuwa bidhaa imerudi',
  },
  {
    name: 'a split ruling',
    event_type: 'dispute_resolved',
    data: { outcome: 'split', buyer_amount: '20000.00', seller_amount: '12000.00', seller_payout: '11760.00', awaiting_return: false },
    description: 'Split ruling: KES 20,000 refunded to the buyer, KES 11,760 paid to the seller (KES 12,000 less the fee)',
    sw: 'Uamuzi wa kugawanya: mnunuzi amerudishiwa KES 20,000, muuzaji amelipwa KES 11,760 (KES 12,000 ukitoa ada)',
  },
  {
    name: 'the return confirmed by the seller',
    event_type: 'dispute_resolved',
    data: { dispute_id: 'd1', outcome: 'refund_buyer', return_confirmed: true, buyer_amount: '2540.00', actor: 'seller' },
    description: 'The seller confirmed the item came back; KES 2,540 refunded to the buyer',
    sw: 'Muuzaji amethibitisha kuwa bidhaa imerudi; mnunuzi amerudishiwa KES 2,540',
  },
  {
    name: 'the return confirmed by the mediation team',
    event_type: 'dispute_resolved',
    data: { dispute_id: 'd1', outcome: 'refund_buyer', return_confirmed: true, buyer_amount: '2540.00', actor: 'admin' },
    description: 'The mediation team confirmed the item came back; KES 2,540 refunded to the buyer',
    sw: 'Timu ya usuluhishi imethibitisha kuwa bidhaa imerudi; mnunuzi amerudishiwa KES 2,540',
  },
  {
    name: 'a withdrawal requested',
    event_type: 'withdrawal_initiated',
    data: { withdrawal_id: 'w1', amount_paid: '2540.00', withdrawal_reason: 'changed my mind' },
    description: 'The buyer asked to withdraw from the plan: changed my mind',
    sw: 'Mnunuzi ameomba kujiondoa kwenye mpango: changed my mind',
  },
  {
    name: 'a withdrawal accepted',
    event_type: 'withdrawal_confirmed',
    data: { withdrawal_id: 'w1', amount: '2540.00' },
    description: "The seller accepted the withdrawal: KES 2,540 paid so far is refunded (the buyer's fee share is kept)",
    sw: 'Muuzaji amekubali ombi la kujiondoa: mnunuzi anarudishiwa KES 2,540 alizolipa hadi sasa (nusu yake ya ada hairudishwi)',
  },
  {
    name: 'a withdrawal declined',
    event_type: 'withdrawal_declined',
    data: { withdrawal_id: 'w1' },
    description: 'The seller declined the withdrawal',
    sw: 'Muuzaji amekataa ombi la kujiondoa',
  },
  {
    name: 'a withdrawal the seller did not answer in time',
    event_type: 'withdrawal_lapsed',
    data: { withdrawal_id: 'w1', respond_by: DUE },
    description: 'The seller did not answer the withdrawal request in time: it is treated as declined',
    sw: 'Muuzaji hakujibu ombi la kujiondoa kwa wakati: linachukuliwa kuwa limekataliwa',
  },
  {
    name: 'a waiting withdrawal closed by a dispute',
    event_type: 'withdrawal_closed',
    data: { withdrawal_id: 'w1', closed_by: 'dispute' },
    description: 'The withdrawal request was closed unanswered: the dispute will decide what happens to the plan',
    sw: 'Ombi la kujiondoa limefungwa bila kujibiwa: malalamiko yataamua hatima ya mpango',
  },
  {
    name: 'a waiting withdrawal closed by the plan cancelled',
    event_type: 'withdrawal_closed',
    data: { withdrawal_id: 'w1', closed_by: 'cancel' },
    description: 'The withdrawal request was closed unanswered: the plan was cancelled',
    sw: 'Ombi la kujiondoa limefungwa bila kujibiwa: mpango umeghairiwa',
  },
  {
    name: 'a waiting withdrawal closed for no recorded cause',
    event_type: 'withdrawal_closed',
    data: { withdrawal_id: 'w1' },
    description: 'The withdrawal request was closed unanswered',
    sw: 'Ombi la kujiondoa limefungwa bila kujibiwa',
  },
  {
    name: 'an installment reminder',
    event_type: 'installment_reminder_sent',
    data: { installment_id: 'i2', sequence: 2, amount: '1500.00', due_date: DUE },
    description: 'Reminder sent: installment 2 of KES 1,500 is due on 21 Nov 2026',
    sw: 'Kikumbusho kimetumwa: awamu ya 2 ya KES 1,500 inapaswa kulipwa kufikia 21 Nov 2026',
  },
  {
    name: 'an installment missed',
    event_type: 'installment_missed',
    data: { installment_id: 'i2', sequence: 2, amount: '1500.00', grace_ends_at: GRACE, due_date: DUE },
    description: 'Installment 2 of KES 1,500 was due on 21 Nov 2026 and is unpaid; grace period until 28 Nov 2026',
    sw: 'Awamu ya 2 ya KES 1,500 ilipaswa kulipwa 21 Nov 2026 na bado haijalipwa; muda wa ziada hadi 28 Nov 2026',
  },
  {
    name: 'a plan flagged after the grace period',
    event_type: 'installment_missed',
    data: { flagged: true, plan_id: 'p1', overdue_amount: '1500.00', oldest_due_date: DUE, grace_days: 7 },
    description: 'KES 1,500 still unpaid after the 7-day grace period: the plan is flagged to the mediation team (it is not cancelled)',
    sw: 'KES 1,500 bado haijalipwa baada ya muda wa ziada wa siku 7: mpango umepelekwa kwa timu ya usuluhishi (haujaghairiwa)',
  },
  {
    name: 'the release code sent at funding',
    event_type: 'release_code_sent',
    data: { issued: 1, reason: 'funded' },
    description: 'Release code sent to the buyer by SMS',
    sw: 'Nambari ya kuachilia malipo imetumwa kwa mnunuzi kwa SMS',
  },
  {
    name: 'a new release code sent',
    event_type: 'release_code_sent',
    data: { issued: 2, reason: 'resend' },
    description: 'A new release code was sent to the buyer by SMS',
    sw: 'Nambari mpya ya kuachilia malipo imetumwa kwa mnunuzi kwa SMS',
  },
  {
    name: 'a wrong release code',
    event_type: 'release_code_rejected',
    data: { failed_attempts: 1 },
    description: 'A wrong release code was entered',
    sw: 'Nambari ya kuachilia malipo isiyo sahihi iliwekwa',
  },
  {
    name: 'the release code burnt',
    event_type: 'release_code_burnt',
    data: { failed_attempts: 5 },
    description: 'A wrong release code was entered 5 times: the code no longer works; the buyer can send a new one',
    sw: 'Nambari isiyo sahihi iliwekwa mara 5: nambari hii haifanyi kazi tena; mnunuzi anaweza kujitumia nambari mpya',
  },
  {
    name: 'released with the code',
    event_type: 'released_with_code',
    description: "The seller entered the buyer's release code at hand-over",
    sw: 'Muuzaji aliweka nambari ya mnunuzi ya kuachilia malipo wakati wa kukabidhi',
  },
  {
    name: 'a payout returned to the buyer',
    event_type: 'payout_returned',
    data: { amount: '6067.00', payout_id: 'p3' },
    description: 'The seller could not be paid, so the mediation team returned KES 6,067 to the buyer',
    sw: 'Muuzaji hakuweza kulipwa, kwa hivyo timu ya usuluhishi imemrudishia mnunuzi KES 6,067',
  },
];

/** Words of the English sentences that must not be left in a Kiswahili one (quoted user text avoids them). */
const ENGLISH =
  /\b(the|was|paid|released|received|requested|dispatched|cancelled|refunded|refund|buyer|seller|installment|payment|payout|dispute|evidence|reminder|sent|initiated|failed|grace)\b/i;

/** Events whose sentence needs no data: they read the same however old they are. */
const NO_DATA_NEEDED: TimelineEventType[] = [
  'delivery_confirmed',
  'auto_release_confirmed',
  'withdrawal_declined',
  'withdrawal_lapsed',
  'withdrawal_closed',
  'release_code_rejected',
  'released_with_code',
];

let sw: Translate;
let en: Translate;
beforeAll(async () => {
  ({ en, sw } = await loadTranslators());
});

describe('timeline sentences', () => {
  it('have a case for every event type', () => {
    expect(new Set(CASES.map((entry) => entry.event_type))).toEqual(new Set(TIMELINE_EVENT_TYPES));
  });

  it.each(CASES.map((entry) => [entry.name, entry] as const))('say %s in Kiswahili, with its values', (_name, entry) => {
    const said = timelineDescription(entry, sw, 'sw');
    expect(said).toBe(entry.sw);
    expect(said).not.toMatch(ENGLISH);
  });

  it.each(CASES.map((entry) => [entry.name, entry] as const))('mirror the server’s English for %s', (_name, entry) => {
    expect(timelineSentence(entry, en, 'en')).toBe(entry.en ?? entry.description);
  });

  it('show English readers the server’s own description', () => {
    for (const entry of CASES)
      expect(timelineDescription({ ...entry, description: 'As the server wrote it' }, en, 'en')).toBe('As the server wrote it');
  });

  it('fall back to the description for events recorded before their data carried the sentence’s values', () => {
    for (const eventType of TIMELINE_EVENT_TYPES.filter((type) => !NO_DATA_NEEDED.includes(type))) {
      expect(timelineDescription({ event_type: eventType, description: 'Old English text' }, sw, 'sw'), eventType).toBe('Old English text');
    }
    const old = (event_type: string, data: Record<string, unknown>) =>
      timelineDescription({ event_type, description: 'Old English text', data }, sw, 'sw');
    // The data these events carried before: each lacks one value its sentence needs.
    expect(old('payment_completed', { amount: '2540.00', payment_type: 'escrow_deposit', mpesa_receipt: 'SD12AB34CD' })).toBe(
      'Old English text',
    );
    expect(old('dispute_initiated', { dispute_id: 'd1', reason: 'other' })).toBe('Old English text');
    expect(old('transaction_cancelled', { cancel_reason: 'no actor' })).toBe('Old English text');
    expect(old('dispute_resolved', { outcome: 'split', buyer_amount: '20000.00', seller_amount: '12000.00', awaiting_return: false })).toBe(
      'Old English text',
    );
    expect(old('installment_missed', { sequence: 2, amount: '1500.00', grace_ends_at: GRACE })).toBe('Old English text');
    expect(old('release_code_sent', { issued: 1 })).toBe('Old English text');
    expect(old('transaction_funded', { amount: 'not money' })).toBe('Old English text');
    expect(old('unknown_event', { amount: '1.00' })).toBe('Old English text');
    // A sentence that needs nothing is said in Kiswahili however old the event.
    expect(timelineDescription({ event_type: 'delivery_confirmed', description: 'The buyer confirmed delivery' }, sw, 'sw')).toBe(
      'Mnunuzi amethibitisha kupokea bidhaa',
    );
  });

  it('give a failed payment’s reason in the reader’s language, and a payout’s as the rail wrote it', () => {
    const failed = CASES.find((entry) => entry.event_type === 'payment_failed')!;
    expect(timelineFailure(failed, 'sw')).toBe('Salio la M-Pesa halikutosha. Ongeza pesa au tumia Fuliza, kisha ujaribu tena.');
    expect(timelineFailure(failed, 'en')).toBe(failed.data!.failure_reason);
    // The sentence already ends with the reason: the line under it would say it twice.
    expect(timelineFailure(failed, 'en', failed.description)).toBeNull();
    expect(timelineFailure(failed, 'sw', failed.sw)).toBeNull();
    // A payout's sentence gives the payee's reason; the rail's English is not put under it.
    const payout = CASES.find((entry) => entry.event_type === 'payout_failed')!;
    expect(timelineFailure(payout, 'en', payout.en)).toBeNull();
    expect(timelineFailure(payout, 'sw')).toBeNull();
    expect(timelineFailure({ event_type: 'payment_completed', data: { amount: '1.00' } }, 'sw')).toBeNull();
  });

  it('tell a dispute’s response from evidence, though both are recorded as evidence events', () => {
    const response = CASES.find((entry) => entry.name === 'a response in time')!;
    const evidence = CASES.find((entry) => entry.name === 'evidence with a file')!;
    expect(isDisputeResponse(response)).toBe(true);
    expect(isDisputeResponse(evidence)).toBe(false);
    expect(en('customer.timeline.responseTitle')).toBe('Response to the dispute');
    expect(sw('customer.timeline.responseTitle')).toBe('Jibu kwa malalamiko');
  });
});
