/**
 * GET /api/config, asked once per page load after the first render (never before it): the deployment's
 * mode, how long a payment prompt may take to be answered and each transaction type's inspection window.
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
