import { describe, expect, it } from 'vitest';
import { registerBody } from '@escrow/core/contract/auth';
import type { TransactionWire } from '@escrow/core/contract/transactions';
import { CLOSED_LINK_MESSAGES } from '@escrow/core/domain/payment-link';
import { loadLanguage, loadWholeCatalogs } from '@/i18n';
import { loadTranslators } from '@/i18n/test-translators';
import { ApiError } from '@/lib/api';
import { checkoutError, payPageRegistration, rememberCheckout, rememberedCheckout } from './pay';

describe('sign-up from a payment link', () => {
  const form = { first: ' Achieng ', last: 'Otieno ', phone: ' 0722418802', password: 'Buyer@2026!x' };

  it('signs the visitor up in the language of the page, so the SMS code reads in it', () => {
    expect(payPageRegistration(form, 'sw')).toMatchObject({ preferred_language: 'sw', user_type: 'buyer' });
    expect(payPageRegistration(form, 'en')).toMatchObject({ preferred_language: 'en' });
  });

  it('sends a body the server accepts', () => {
    const body = payPageRegistration(form, 'sw');
    expect(registerBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ first_name: 'Achieng', last_name: 'Otieno', phone_number: '0722418802' });
  });
});

describe('a checkout started from a payment link', () => {
  const storage = () => {
    const items = new Map<string, string>();
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  };
  const transaction = { id: 'txn-1', reference_number: 'ESC-7KQ2-9HDX', amount_due: '3047.00' } as unknown as TransactionWire;

  it('is found again after a reload of the same link, by the same account, so Pay is not offered twice', () => {
    const tab = storage();
    expect(rememberedCheckout(tab, 'jtvv6qENuv', 'user-1')).toBeNull();
    rememberCheckout(tab, 'jtvv6qENuv', { userId: 'user-1', transaction, paymentId: 'pay-1' });
    expect(rememberedCheckout(tab, 'jtvv6qENuv', 'user-1')).toEqual({ userId: 'user-1', transaction, paymentId: 'pay-1' });
  });

  it('is found again once the checkout has answered, before the payment prompt has, so a reload pays that purchase', () => {
    const tab = storage();
    rememberCheckout(tab, 'jtvv6qENuv', { userId: 'user-1', transaction, paymentId: null });
    expect(rememberedCheckout(tab, 'jtvv6qENuv', 'user-1')).toEqual({ userId: 'user-1', transaction, paymentId: null });
  });

  it('is not another link’s, another account’s, a signed-out visitor’s, or unreadable', () => {
    const tab = storage();
    rememberCheckout(tab, 'jtvv6qENuv', { userId: 'user-1', transaction, paymentId: 'pay-1' });
    expect(rememberedCheckout(tab, 'otherCode1', 'user-1')).toBeNull();
    expect(rememberedCheckout(tab, 'jtvv6qENuv', 'user-2')).toBeNull();
    expect(rememberedCheckout(tab, 'jtvv6qENuv', undefined)).toBeNull();
    tab.setItem('escrow.pay.broken', '{not json');
    expect(rememberedCheckout(tab, 'broken', 'user-1')).toBeNull();
    expect(rememberedCheckout(undefined, 'jtvv6qENuv', 'user-1')).toBeNull();
  });
});

describe('a checkout the server refuses', () => {
  // The page's own loader loads the whole catalogs (app/router.tsx): the customer area's messages are there.
  const ready = async () => {
    await loadLanguage('sw');
    await loadWholeCatalogs();
  };
  const refused = (message: string, status: number, code: string) => new ApiError(message, status, code);

  it("says why in the page's language, as the server words it (bodies as the checkout route answers them)", async () => {
    await ready();
    const fallback = 'Could not start the payment';
    expect(checkoutError(refused(CLOSED_LINK_MESSAGES.sold_out, 409, 'INVALID_STATE'), fallback, 'sw')).toBe('Bidhaa hii imeisha');
    expect(checkoutError(refused('The initial payment must be at least 20% of the total cost', 422, 'BUSINESS_RULE'), fallback, 'sw')).toBe(
      'Malipo ya kwanza lazima yawe angalau 20% ya gharama yote',
    );
    expect(checkoutError(refused('amount: Must be a number with at most 2 decimals', 400, 'VALIDATION_ERROR'), fallback, 'sw')).toBe(
      'Kiasi lazima kiwe nambari yenye desimali zisizozidi 2',
    );
    expect(checkoutError(refused('amount: Amount must be between 1 and 500,000 KES', 400, 'VALIDATION_ERROR'), fallback, 'sw')).toBe(
      'Kiasi lazima kiwe kati ya KES 1 na KES 500,000',
    );
    expect(checkoutError(refused('You cannot buy from your own payment link', 422, 'BUSINESS_RULE'), fallback, 'sw')).toBe(
      'Huwezi kununua kupitia kiungo chako mwenyewe cha malipo',
    );
    expect(checkoutError(refused(CLOSED_LINK_MESSAGES.sold_out, 409, 'INVALID_STATE'), fallback, 'en')).toBe('This item is sold out');
    expect(checkoutError(refused('Internal error', 500, 'INTERNAL'), fallback, 'sw')).toBe(fallback);
  });
});

describe('what the buyer reads about the money held', () => {
  it('names every way the seller is paid, not the release code alone: confirming delivery, or the inspection period ending', async () => {
    const { en, sw } = await loadTranslators();
    // A checkout is an ordinary transaction: the buyer may confirm delivery, and dispatch starts the auto-release clock.
    expect(en('public.pay.held')).not.toMatch(/\bonly\b/);
    expect(en('public.pay.held')).toContain('confirm delivery');
    expect(en('public.pay.held')).toContain('inspection period');
    expect(sw('public.pay.held')).not.toMatch(/\btu\b/);
    expect(sw('public.pay.held')).toContain('ukithibitisha kupokea');
    expect(sw('public.pay.held')).toContain('muda wa kukagua');
  });
});
