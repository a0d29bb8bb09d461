/** Auth state in local storage under the spec's keys (docs/product-rules.md §3): `authToken` and `userData`. */
export interface StoredUser {
  id: string;
  full_name: string;
  display_name: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string | null;
  user_type: 'buyer' | 'seller' | 'both' | 'admin';
  is_verified: boolean | null;
  /** The web and SMS language saved in the profile (missing in sessions stored before it existed). */
  preferred_language?: 'en' | 'sw';
  created_at: string;
}

const TOKEN_KEY = 'authToken';
const USER_KEY = 'userData';
const PENDING_KEY = 'verificationPending';

export const authStorage = {
  token: (): string | null => localStorage.getItem(TOKEN_KEY),
  user(): StoredUser | null {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StoredUser;
    } catch {
      return null;
    }
  },
  save(token: string, user: StoredUser) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    localStorage.removeItem(PENDING_KEY);
  },
  saveUser(user: StoredUser) {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  /** The phone waiting for its SMS code (login/signup → /verify-phone). */
  pendingVerification: (): string | null => localStorage.getItem(PENDING_KEY),
  setPendingVerification(phone: string) {
    localStorage.setItem(PENDING_KEY, phone);
  },
  clearPendingVerification() {
    localStorage.removeItem(PENDING_KEY);
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(PENDING_KEY);
  },
};
