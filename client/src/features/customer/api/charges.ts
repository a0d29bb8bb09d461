/** GET /api/v1/charges/calculate: the server's fee for an amount and service (public, no auth). */
import { queryOptions } from '@tanstack/react-query';
import type { ChargesCalculateData } from '@escrow/core/contract/charges';
import type { FeeType } from '@escrow/core/domain/fees';
import { typedApi, unwrap } from '@/lib/typed-api';
import { customerKeys } from './keys';

export function getCharges(amount: string, type: FeeType, signal?: AbortSignal): Promise<ChargesCalculateData> {
  return unwrap(typedApi.GET('/api/v1/charges/calculate', { params: { query: { amount, type } }, signal }));
}

export const chargesQueryOptions = (amount: string, type: FeeType) =>
  queryOptions({
    queryKey: customerKeys.charges(amount, type),
    queryFn: ({ signal }) => getCharges(amount, type, signal),
    staleTime: Infinity,
  });
