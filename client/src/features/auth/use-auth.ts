/**
 * The signed-in user, shared by every page: read from local storage (spec §3 keys) and updated when
 * the session changes in this tab or another one.
 */
import { useSyncExternalStore } from 'react';
import { authStorage, type StoredUser } from '@/lib/auth-storage';
import { api } from '@/lib/api';
import { queryClient } from '@/app/providers';

const listeners = new Set<() => void>();
let snapshot = read();

function read() {
  return { token: authStorage.token(), user: authStorage.user() };
}

function emit() {
  snapshot = read();
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === 'authToken' || event.key === 'userData') emit();
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
}

export function useAuth(): AuthState {
  const { token, user } = useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
  return { user, token, isAuthenticated: !!token && !!user, isAdmin: user?.user_type === 'admin' };
}

/** Stores a new session (login, verify_phone). */
export function setSession(token: string, user: StoredUser): void {
  authStorage.save(token, user);
  emit();
}

export function updateStoredUser(user: StoredUser): void {
  authStorage.saveUser(user);
  emit();
}

/** Revokes the token on the server (best effort), then clears local state and cached data. */
export async function logout(): Promise<void> {
  try {
    if (authStorage.token()) await api('/api/auth/logout', { method: 'POST', noAuthRedirect: true });
  } catch {
    // The token may already be invalid; the local session is cleared either way.
  }
  authStorage.clear();
  queryClient.clear();
  emit();
}
