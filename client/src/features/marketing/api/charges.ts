import { queryOptions } from '@tanstack/react-query';
import type { ChargesCalculateData } from '@shared/charges';
import type { FeeType } from '@domain/fees';
import { api } from '@/lib/api';

/** GET /api/v1/charges/calculate: the fee for an amount, with the buyer's 50 % share (public). */
export const chargePreviewQuery = (amount: string, type: FeeType) =>
  queryOptions({
    queryKey: ['charges', 'calculate', amount, type],
    queryFn: ({ signal }) => api<ChargesCalculateData>('/api/v1/charges/calculate', { query: { amount, type }, signal }),
    staleTime: Infinity,
  });
