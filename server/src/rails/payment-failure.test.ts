/**
 * Every failure the rails can report reads as a plain sentence in both languages: each Daraja and Airtel
 * code the adapters know, and every outcome the mocks' customers produce, lands on a kind whose sentence
 * exists, differs between languages, carries no rail jargon and fits the payment_failed SMS.
 */
import { describe, expect, it } from 'vitest';
import { collectionOutcomeFor, COLLECTION_TIMED_OUT } from './airtel/mock-outcomes.ts';
import { AIRTEL_FAILURES, airtelResult } from './airtel/airtel-rail.ts';
import { stkOutcomeFor } from './mpesa/mock-outcomes.ts';
import { DARAJA_FAILURES, darajaResult } from './mpesa/daraja-rail.ts';
import { renderSms } from '../modules/notifications/templates.ts';
import { PAYMENT_FAILURE_KINDS, paymentFailureSentence, type PaymentFailureKind } from '@escrow/core/domain/payment-failure';

const LANGUAGES = ['en', 'sw'] as const;
const RAILS = ['M-Pesa', 'Airtel Money'] as const;
/** The mocks' special customers (rails/*\/mock-outcomes.ts): the last four digits decide. */
const MOCK_ENDINGS = ['1032', '0001', '2001', '1037'];

describe('plain payment failure sentences', () => {
  it('give every kind a sentence in English and Kiswahili that differ, in both rails', () => {
    for (const kind of PAYMENT_FAILURE_KINDS) {
      for (const rail of RAILS) {
        const en = paymentFailureSentence(kind, 'en', rail);
        const sw = paymentFailureSentence(kind, 'sw', rail);
        expect(en, kind).toContain(rail);
        expect(sw, kind).toContain(rail);
        expect(sw).not.toBe(en);
        expect(new Set(PAYMENT_FAILURE_KINDS.map((other) => paymentFailureSentence(other, 'en', rail))).size).toBe(
          PAYMENT_FAILURE_KINDS.length,
        );
      }
    }
  });

  it('give each kind its own advice (not one "check your balance" for all)', () => {
    expect(paymentFailureSentence('wrong_pin', 'en', 'M-Pesa')).toBe('The M-Pesa PIN was wrong. Try again and enter your PIN carefully.');
    expect(paymentFailureSentence('timeout', 'en', 'M-Pesa')).toMatch(/^You did not answer the M-Pesa prompt in time/);
    expect(paymentFailureSentence('insufficient_funds', 'en', 'M-Pesa')).toMatch(/not enough money/);
    expect(paymentFailureSentence('wrong_pin', 'sw', 'M-Pesa')).toMatch(/^PIN ya M-Pesa haikuwa sahihi/);
    const balanceAdvice = PAYMENT_FAILURE_KINDS.filter((kind) => /top up|balance/i.test(paymentFailureSentence(kind, 'en', 'M-Pesa')));
    expect(balanceAdvice).toEqual(['insufficient_funds']);
  });

  it.each(MOCK_ENDINGS)('map the Daraja mock customer …%s to a kind with a sentence, never the rail text', (ending) => {
    const outcome = stkOutcomeFor(`254711${ending.padStart(6, '0')}`);
    const result = darajaResult(outcome.resultCode, outcome.resultDesc);
    const kind = result.failure as PaymentFailureKind;
    expect(PAYMENT_FAILURE_KINDS).toContain(kind);
    expect(kind).not.toBe('other');
    for (const language of LANGUAGES) expect(paymentFailureSentence(kind, language, 'M-Pesa')).not.toContain(outcome.resultDesc);
  });

  it('map every Daraja STK code named in the docs (and unknown ones) to a kind', () => {
    const expected: Record<number, PaymentFailureKind> = {
      1: 'insufficient_funds',
      1001: 'payer_busy',
      1019: 'timeout',
      1025: 'other',
      1032: 'cancelled_by_payer',
      1037: 'timeout',
      2001: 'wrong_pin',
      9999: 'other',
      4242: 'other',
    };
    for (const [code, kind] of Object.entries(expected)) expect(darajaResult(Number(code), 'x').failure, code).toBe(kind);
    for (const kind of Object.values(DARAJA_FAILURES)) expect(PAYMENT_FAILURE_KINDS).toContain(kind);
  });

  it.each(
    [...MOCK_ENDINGS.map((ending) => collectionOutcomeFor(`25473300${ending}`)), COLLECTION_TIMED_OUT].filter((o) => o.status === 'TF'),
  )('map the Airtel mock answer $responseCode to a kind with a sentence, by code and by message alone', (outcome) => {
    const byCode = airtelResult({ status: outcome.status, message: outcome.message }, outcome.responseCode);
    const byMessage = airtelResult({ status: outcome.status, message: outcome.message });
    // A code of its own names the kind; beside a generic refusal code (DP00800001008) the message does.
    expect(byCode.failure).toBeDefined();
    expect(byCode.failure).toBe(AIRTEL_FAILURES[outcome.responseCode] ?? byMessage.failure);
    expect(byMessage.failure).toBe(byCode.failure);
    for (const language of LANGUAGES) expect(paymentFailureSentence(byCode.failure!, language, 'Airtel Money').length).toBeGreaterThan(20);
  });

  it('keep every payment_failed SMS to one GSM-7 part, in both languages and rails', () => {
    for (const kind of PAYMENT_FAILURE_KINDS) {
      for (const language of LANGUAGES) {
        for (const rail of RAILS) {
          const sms = renderSms('payment_failed', language, { ref: 'ESC-7KQ2-9HDX', kind, rail });
          expect(sms, sms).toContain(paymentFailureSentence(kind, language, rail));
          expect(sms.length, sms).toBeLessThanOrEqual(160);
          expect(sms).toMatch(/^[A-Za-z0-9 .,:'-]*$/);
        }
      }
    }
  });
});
