import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MONEY_FORMAT_MESSAGE, NEGATIVE_MONEY_MESSAGE } from '@escrow/core/contract/common';
import { CLOSED_LINK_MESSAGES } from '@escrow/core/domain/payment-link';
import { assessRefundRequest, withdrawalRefusal, type RefundFacts } from '@escrow/core/domain/refund-policy';
import { errorMessage } from '@/features/customer/components/query-state';
import { ApiError } from '@/lib/api';
import { customerMessages } from './en/customer-messages';
import { localizeCustomerMessage } from './customer-messages';
import { loadLanguage, loadWholeCatalogs } from '.';

/**
 * Messages the source writes as `${what} not found`, with a counted noun or with an optional date
 * (`${on}`): the refund test below renders the dated ones from the core itself.
 */
const COMPOSED = new Set([
  'linkNotFound',
  'evidenceFileNotFound',
  'codeWrong',
  'codeWrongOne',
  'releasedAuto',
  'releasedCodeOn',
  'releasedConfirmedOn',
]);

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Every TypeScript source of the server and the shared core (tests left out), as one text. */
function sourceText(): string {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'node_modules' ? [] : files(full);
      return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [full] : [];
    });
  const sources = [
    ...files(path.join(ROOT, 'server/src')),
    ...files(path.join(ROOT, 'packages/core/src')),
    path.join(ROOT, 'client/src/lib/api.ts'),
  ];
  return sources.map((file) => readFileSync(file, 'utf8')).join('\n');
}

const facts = (overrides: Partial<RefundFacts>): RefundFacts => ({
  status: 'completed',
  transactionType: 'standard',
  refunded: null,
  releasedBy: null,
  releasedOn: null,
  ruling: null,
  disputeStatus: null,
  ...overrides,
});

describe("the customer area's server messages", () => {
  it('are each still written somewhere in the server or the core, so a reworded message is noticed here', () => {
    const source = sourceText();
    // Each clause must appear as written: the source builds some messages from parts and values (`${…}`).
    const missing = Object.entries(customerMessages).filter(
      ([key, text]) =>
        !COMPOSED.has(key) &&
        text
          .split(/\{\{\w+\}\}|[().:]\s*|, /)
          .filter((clause) => clause.trim().length > 8)
          .some((clause) => !source.includes(clause.trim())),
    );
    expect(missing.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('are shown in Kiswahili with their values, and a status as its badge names it', async () => {
    await loadLanguage('sw');
    expect(localizeCustomerMessage('Only a fully paid transaction can be dispatched (status: installment)', 'sw')).toBe(
      'Muamala uliolipwa kikamilifu pekee ndio unaweza kutumwa (hali: Inalipwa kidogo kidogo)',
    );
    expect(localizeCustomerMessage('The amount due is KES 2,540', 'sw')).toBe('Kiasi kinachodaiwa ni KES 2,540');
    // A payment amount's field error (moneyInput): a negative amount said as such, in the reader's language.
    expect(localizeCustomerMessage(NEGATIVE_MONEY_MESSAGE, 'sw')).toBe('Kiasi hakiwezi kuwa chini ya sifuri');
    expect(localizeCustomerMessage(MONEY_FORMAT_MESSAGE, 'sw')).toBe('Kiasi lazima kiwe nambari yenye desimali zisizozidi 2');
    expect(localizeCustomerMessage('Wrong release code: 3 tries left', 'sw')).toBe(
      'Nambari ya kuachilia si sahihi: umebakiwa na majaribio 3',
    );
    expect(localizeCustomerMessage(CLOSED_LINK_MESSAGES.expired, 'sw')).toBe('Kiungo hiki cha malipo kimepitwa na wakati');
    // The auth area's messages still come through.
    expect(localizeCustomerMessage('Please wait 42 seconds before requesting another code.', 'sw')).toBe(
      'Tafadhali subiri sekunde 42 kabla ya kuomba nambari nyingine.',
    );
    expect(localizeCustomerMessage('Something new', 'sw')).toBe('Something new');
    expect(localizeCustomerMessage('The amount due is KES 2,540', 'en')).toBe('The amount due is KES 2,540');
  });

  it('cover every refusal of the refund and withdrawal rules, as the core words them', async () => {
    await loadLanguage('sw');
    const refusals = [
      assessRefundRequest(facts({ status: 'pending' })),
      assessRefundRequest(facts({ status: 'cancelled' })),
      assessRefundRequest(facts({ status: 'refunded', refunded: 'KES 2,540' })),
      assessRefundRequest(facts({ status: 'completed', ruling: 'release_seller' })),
      assessRefundRequest(facts({ status: 'completed', ruling: 'split', refunded: 'KES 1,000' })),
      assessRefundRequest(facts({ status: 'completed', releasedBy: 'auto_release', releasedOn: '24 Nov 2026' })),
      assessRefundRequest(facts({ status: 'completed', releasedBy: 'auto_release' })),
      assessRefundRequest(facts({ status: 'completed', releasedBy: 'release_code' })),
      assessRefundRequest(facts({ status: 'completed', releasedBy: 'release_code', releasedOn: '24 Nov 2026' })),
      assessRefundRequest(facts({ status: 'completed', releasedOn: '24 Nov 2026' })),
      assessRefundRequest(facts({ status: 'completed', releasedBy: 'buyer' })),
      assessRefundRequest(facts({ status: 'disputed', disputeStatus: 'awaiting_return' })),
      assessRefundRequest(facts({ status: 'disputed', disputeStatus: 'open' })),
    ].flatMap((decision) => (decision.isAllowed ? [] : [decision.message]));
    const withdrawals = [
      withdrawalRefusal(facts({ status: 'funded' })),
      withdrawalRefusal(facts({ status: 'pending', transactionType: 'lipa_mdogo_mdogo' })),
      withdrawalRefusal(facts({ status: 'dispatched', transactionType: 'lipa_mdogo_mdogo' })),
    ].filter((message): message is string => message !== null);
    expect(refusals).toHaveLength(13);
    expect(withdrawals).toHaveLength(3);
    for (const message of [...refusals, ...withdrawals]) expect(localizeCustomerMessage(message, 'sw'), message).not.toBe(message);
    expect(localizeCustomerMessage(refusals[5]!, 'sw')).toContain('uliisha 24 Nov 2026 bila malalamiko');
  });

  it('say when to try again after too many tries, unless the message says it', async () => {
    await loadLanguage('sw');
    await loadWholeCatalogs();
    const prompts = new ApiError('Too many payment prompts. Please wait and try again.', 429, 'RATE_LIMITED', undefined, 1_500);
    expect(errorMessage(prompts, 'fallback', 'en')).toBe('Too many payment prompts. Please wait and try again. Wait time: 25 minutes.');
    expect(errorMessage(prompts, 'fallback', 'sw')).toBe(
      'Maombi mengi mno ya malipo. Tafadhali subiri kisha ujaribu tena. Muda wa kusubiri: dakika 25.',
    );
    const code = new ApiError('Please wait 42 seconds before requesting another code.', 429, 'RATE_LIMITED', undefined, 42);
    expect(errorMessage(code, 'fallback', 'en')).toBe('Please wait 42 seconds before requesting another code.');
    expect(errorMessage(new ApiError('Internal error', 500, 'INTERNAL'), 'Could not save', 'sw')).toBe('Could not save');
  });
});
