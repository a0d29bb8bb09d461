/**
 * The admin area's remembered preferences (docs/product-rules.md §3 "Monitoring UI state" that outlives a visit):
 * sidebar collapsed, monitoring auto-refresh and its interval, rows per page, and whether the admin
 * ever chose a theme here (until then the area starts dark, docs/product-rules.md §9). Kept in local storage and shared
 * by every component through one small store.
 */
import { useSyncExternalStore } from 'react';

export const REFRESH_INTERVALS = [15, 30, 60, 120] as const;
export const PAGE_SIZES = [10, 20, 50] as const;

export interface AdminPreferences {
  sidebarCollapsed: boolean;
  autoRefresh: boolean;
  /** Seconds. */
  refreshInterval: (typeof REFRESH_INTERVALS)[number];
  pageSize: (typeof PAGE_SIZES)[number];
  /** The admin picked light or dark inside the admin area at least once. */
  hasChosenTheme: boolean;
}

export const DEFAULT_PREFERENCES: AdminPreferences = {
  sidebarCollapsed: false,
  autoRefresh: true,
  refreshInterval: 30,
  pageSize: 20,
  hasChosenTheme: false,
};

const STORAGE_KEY = 'adminPreferences';

/** Stored preferences merged over the defaults; anything unreadable falls back to its default. */
export function parsePreferences(raw: string | null): AdminPreferences {
  let stored: Partial<Record<keyof AdminPreferences, unknown>> = {};
  try {
    stored = raw ? (JSON.parse(raw) as typeof stored) : {};
  } catch {
    stored = {};
  }
  const pick = <K extends keyof AdminPreferences>(key: K, isValid: (value: unknown) => boolean): AdminPreferences[K] =>
    isValid(stored[key]) ? (stored[key] as AdminPreferences[K]) : DEFAULT_PREFERENCES[key];
  const isBoolean = (value: unknown) => typeof value === 'boolean';
  return {
    sidebarCollapsed: pick('sidebarCollapsed', isBoolean),
    autoRefresh: pick('autoRefresh', isBoolean),
    refreshInterval: pick('refreshInterval', (value) => (REFRESH_INTERVALS as readonly unknown[]).includes(value)),
    pageSize: pick('pageSize', (value) => (PAGE_SIZES as readonly unknown[]).includes(value)),
    hasChosenTheme: pick('hasChosenTheme', isBoolean),
  };
}

const listeners = new Set<() => void>();
let snapshot: AdminPreferences = typeof window === 'undefined' ? DEFAULT_PREFERENCES : parsePreferences(localStorage.getItem(STORAGE_KEY));

export function setPreferences(change: Partial<AdminPreferences>): void {
  snapshot = { ...snapshot, ...change };
  localStorage.setItem(STORAGE_KEY, JSON.stringify(snapshot));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAdminPreferences(): AdminPreferences {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
}
