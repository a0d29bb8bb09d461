/**
 * The signed-in user, shared by every page: read from local storage (docs/product-rules.md §3 keys) and updated when
 * the session changes in this tab or another one.
 */
import { useSyncExternalStore } from 'react';
import { rememberLanguage } from '@/i18n';
import { authStorage, type StoredUser } from '@/lib/auth-storage';

const listeners = new Set<() => void>();
/** What the prerendered HTML shows (nobody is signed in at build time); hydration starts from it too. */
const SIGNED_OUT = { token: null, user: null, pendingPhone: null };
let snapshot = typeof window === 'undefined' ? SIGNED_OUT : read();

function read() {
  return { token: authStorage.token(), user: authStorage.user(), pendingPhone: authStorage.pendingVerification() };
}

function emit() {
  snapshot = read();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === 'authToken' || event.key === 'userData' || event.key === 'verificationPending') emit();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface AuthState {
  user: StoredUser | null;
  token: string | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Spec §4: credentials accepted, phone not verified yet (the user is not authenticated meanwhile). */
  requiresVerification: boolean;
  /** The phone (254…) waiting for its SMS code, or null. */
  pendingPhone: string | null;
}

export function useAuth(): AuthState {
  const { token, user, pendingPhone } = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => SIGNED_OUT,
  );
  const isAuthenticated = !!token && !!user;
  return {
    user,
    token,
    isAuthenticated,
    isAdmin: user?.user_type === 'admin',
    requiresVerification: !isAuthenticated && !!pendingPhone,
    pendingPhone,
  };
}

/** Remembers the phone waiting for its SMS code (login or sign-up → /verify-phone). */
export function setPendingVerification(phone: string): void {
  authStorage.setPendingVerification(phone);
  emit();
}

/** Forgets the phone waiting for its code (the person chose to start over). */
export function clearPendingVerification(): void {
  authStorage.clearPendingVerification();
  emit();
}

/** Whether this tab's session last ended by its own Sign out (not in another tab, not refused by the server). */
let signedOutHere = false;
export const wasSignedOutHere = (): boolean => signedOutHere;

/**
 * Stores a new session (login, verify_phone, the pay page's sign-up). The account's language becomes this
 * browser's, so the signed-in pages open in it after a reload: a Kiswahili sign-up read its dashboard in
 * Kiswahili until the page was reloaded, then in English (nothing had saved the language here).
 */
export function setSession(token: string, user: StoredUser): void {
  signedOutHere = false;
  authStorage.save(token, user);
  if (user.preferred_language) rememberLanguage(user.preferred_language);
  emit();
}

export function updateStoredUser(user: StoredUser): void {
  authStorage.saveUser(user);
  emit();
}

/** Revokes the token on the server (best effort), then clears local state and cached data. */
export async function logout(): Promise<void> {
  signedOutHere = true;
  try {
    // Loaded here rather than imported: the public pages' first load does without the API client.
    if (authStorage.token()) await (await import('@/lib/typed-api')).typedApi.POST('/api/auth/logout');
  } catch {
    // The token may already be invalid; the local session is cleared either way.
  }
  authStorage.clear();
  // Loaded here rather than imported: the public pages' first load carries no Query code (lib/query-provider.tsx).
  try {
    (await import('@/lib/query-client')).queryClient.clear();
  } catch {
    // It could not be loaded (offline), so this page never loaded it either: there is no cache to clear.
  }
  emit();
}
