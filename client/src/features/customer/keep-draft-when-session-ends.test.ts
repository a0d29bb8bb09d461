import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_TRANSACTION_FORM } from '@/components/transaction-form/transaction-form-rules';
import { transactionDraft } from '@/lib/transaction-draft';
import { keepDraftIfSessionEnded } from './keep-draft-when-session-ends';

const halfTyped = { ...EMPTY_TRANSACTION_FORM, sellerPhone: '0711000202', productName: 'Half typed sofa' };
const ended = { hasToken: false, signedOutHere: false };

beforeEach(() => {
  const tab = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => tab.get(key) ?? null,
    setItem: (key: string, value: string) => void tab.set(key, value),
    removeItem: (key: string) => void tab.delete(key),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a new-transaction form half typed when the page leaves', () => {
  it('is kept as the draft the page restores after signing in when the session ended elsewhere', () => {
    keepDraftIfSessionEnded(halfTyped, ended);
    expect(transactionDraft.load(EMPTY_TRANSACTION_FORM)).toEqual(halfTyped);
  });

  it.each([
    ['the session goes on (the person went to another page)', { hasToken: true, signedOutHere: false }],
    ["this tab's own Sign out", { hasToken: false, signedOutHere: true }],
  ])('is not written down: %s', (_case, session) => {
    keepDraftIfSessionEnded(halfTyped, session);
    expect(transactionDraft.load(EMPTY_TRANSACTION_FORM)).toBeNull();
  });

  it('keeps nothing when nothing was typed', () => {
    keepDraftIfSessionEnded(null, ended);
    keepDraftIfSessionEnded(EMPTY_TRANSACTION_FORM, ended);
    expect(transactionDraft.load(EMPTY_TRANSACTION_FORM)).toBeNull();
  });
});
