/**
 * GET /api/config, asked once per page load after the first render (never before it): the deployment's
 * mode, how long a payment prompt may take to be answered and each transaction type's inspection window.
 *
 * A plain fetch kept in this module rather than a TanStack Query query: the demo ribbon and the home page's
 * form ask for it on every public page, and Query would then have to ship in the first load for this one
 * call (the home page's budget, docs/adr/0015-page-weight.md).
 */
import type { PublicConfig } from '@escrow/core/contract/public-config';
import { useEffect, useSyncExternalStore } from 'react';

let config: PublicConfig | undefined;
let asking: Promise<void> | null = null;
const listeners = new Set<() => void>();

async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`config: ${response.status}`);
  return ((await response.json()) as { data: PublicConfig }).data;
}

/** Asks once; after a failure the next component that needs it asks again (no retry loop). */
function ask(): void {
  if (config || asking) return;
  asking = fetchPublicConfig()
    .then((data) => {
      config = data;
      for (const listener of listeners) listener();
    })
    .catch(() => {
      // Without the config the ribbon and the coverage line are simply not shown.
    })
    .finally(() => {
      asking = null;
    });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The config once it has arrived, else undefined (also while hydrating, as the prerendered HTML has none). */
export function usePublicConfig(): PublicConfig | undefined {
  const data = useSyncExternalStore(
    subscribe,
    () => config,
    () => undefined,
  );
  useEffect(ask, []);
  return data;
}
