/**
 * GET /api/config, asked once per page load after the first render (never before it): the deployment's
 * mode and how long a payment prompt may take to be answered.
 */
import type { PublicConfig } from '@escrow/core/contract/public-config';
import { useQuery } from '@tanstack/react-query';

async function fetchPublicConfig(): Promise<PublicConfig> {
  const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`config: ${response.status}`);
  return ((await response.json()) as { data: PublicConfig }).data;
}

export function usePublicConfig() {
  return useQuery({ queryKey: ['public-config'], queryFn: fetchPublicConfig, staleTime: Infinity, retry: false }).data;
}

/** Until the server says otherwise: the server's default wait before it asks the rail (STK_RECONCILE_AFTER_SECONDS). */
const DEFAULT_PROMPT_SECONDS = 90;

/** "about 2 minutes" style wait for an unanswered payment prompt, rounded up to whole minutes. */
export function usePaymentPromptMinutes(): number {
  const seconds = usePublicConfig()?.payment_prompt_seconds ?? DEFAULT_PROMPT_SECONDS;
  return Math.max(1, Math.ceil(seconds / 60));
}
