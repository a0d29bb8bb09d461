import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredUser } from '@/lib/auth-storage';

/** This browser's local storage, for a node test. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}
vi.stubGlobal('localStorage', new MemoryStorage());
const { setSession } = await import('./use-auth');
const { initialLanguage, savedLanguage } = await import('@/i18n');

const account = (language: 'en' | 'sw'): StoredUser => ({
  id: 'u1',
  full_name: 'Neema Wafula',
  display_name: 'Neema W.',
  first_name: 'Neema',
  last_name: 'Wafula',
  phone_number: '254712300444',
  email: null,
  user_type: 'seller',
  is_verified: true,
  preferred_language: language,
  created_at: '2026-11-28T14:00:00.000Z',
});

beforeEach(() => localStorage.clear());

describe('a new session', () => {
  it("makes the account's language this browser's: a Kiswahili sign-up's dashboard stays Kiswahili after a reload", () => {
    // Signed up at /sw/signup and verified: nothing had saved the language in this browser (the path chose it).
    expect(savedLanguage()).toBeUndefined();
    setSession('token', account('sw'));
    expect(savedLanguage()).toBe('sw');
    expect(initialLanguage('/dashboard')).toBe('sw');
  });

  it('follows the account, not an earlier choice in this browser', () => {
    localStorage.setItem('escrow.language', 'sw');
    setSession('token', account('en'));
    expect(initialLanguage('/dashboard/transactions')).toBe('en');
  });

  it('leaves the browser as it is for a session stored before accounts had a language', () => {
    localStorage.setItem('escrow.language', 'sw');
    const { preferred_language: _dropped, ...older } = account('en');
    setSession('token', older);
    expect(savedLanguage()).toBe('sw');
  });
});
