/**
 * The fee for an amount from GET /api/v1/charges/calculate, asked 300 ms after the typing stops. A plain
 * effect rather than a React Query observer: the form is on the home page's first screen, where every
 * kilobyte counts, and this one call needs no shared cache. The typed API client (openapi-fetch) is loaded
 * with the first question, not with the page, for the same reason.
 */
import { useEffect, useState } from 'react';
import type { ChargesCalculateData } from '@escrow/core/contract/charges';
import type { FeeType } from '@escrow/core/domain/fees';

export type ChargePreviewState =
  | { status: 'idle' }
  | { status: 'loading'; previous?: ChargesCalculateData }
  | { status: 'done'; data: ChargesCalculateData }
  | { status: 'error' };

const DEBOUNCE_MS = 300;
const cache = new Map<string, ChargesCalculateData>();

/** `amount` is a wire amount ("35000.00"); null asks for nothing. */
export function useChargePreview(amount: string | null, type: FeeType): ChargePreviewState {
  const key = amount === null ? null : `${amount}|${type}`;
  const [state, setState] = useState<ChargePreviewState>({ status: 'idle' });

  useEffect(() => {
    if (key === null || amount === null) {
      setState({ status: 'idle' });
      return;
    }
    const cached = cache.get(key);
    if (cached) {
      setState({ status: 'done', data: cached });
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ status: 'loading', previous: current.status === 'done' ? current.data : undefined }));
    const timer = setTimeout(() => {
      import('@/lib/typed-api')
        .then(({ typedApi, unwrap }) =>
          unwrap(typedApi.GET('/api/v1/charges/calculate', { params: { query: { amount, type } }, signal: controller.signal })),
        )
        .then((data) => {
          cache.set(key, data);
          setState({ status: 'done', data });
        })
        .catch(() => {
          if (!controller.signal.aborted) setState({ status: 'error' });
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, amount, type]);

  return state;
}
