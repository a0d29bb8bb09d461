import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False while React renders at build time (scripts/prerender.ts) and while it hydrates that HTML in the
 * browser, true afterwards: what only the browser knows (the theme, the exact URL) renders after it.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
