import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_TRANSACTION_FORM } from '@/components/transaction-form/transaction-form-rules';
import { transactionDraft } from '@/lib/transaction-draft';
import { keepDraftWhenSessionEnds } from './keep-draft-when-session-ends';

const halfTyped = { ...EMPTY_TRANSACTION_FORM, sellerPhone: '0711000202', productName: 'Half typed sofa' };

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

describe('a new-transaction form half typed when the session ends in another tab', () => {
  it.each([
    ['signed out there (the token removed)', { key: 'authToken', newValue: null }],
    ['local storage cleared there', { key: null, newValue: null }],
  ])('is kept as the draft the page restores after signing in: %s', (_case, event) => {
    keepDraftWhenSessionEnds(() => halfTyped)(event);
    expect(transactionDraft.load(EMPTY_TRANSACTION_FORM)).toEqual(halfTyped);
  });

  it.each([
    ['another account signed in there (a new token)', { key: 'authToken', newValue: 'another-token' }],
    ['another key changed', { key: 'escrow:language', newValue: 'sw' }],
  ])('is not written down when the session goes on: %s', (_case, event) => {
    keepDraftWhenSessionEnds(() => halfTyped)(event);
    expect(transactionDraft.load(EMPTY_TRANSACTION_FORM)).toBeNull();
  });

  it('keeps nothing when nothing was typed', () => {
    keepDraftWhenSessionEnds(() => null)({ key: 'authToken', newValue: null });
    keepDraftWhenSessionEnds(() => EMPTY_TRANSACTION_FORM)({ key: 'authToken', newValue: null });
    expect(transactionDraft.load(EMPTY_TRANSACTION_FORM)).toBeNull();
  });
});
