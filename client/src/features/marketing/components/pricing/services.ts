import type { FeeType } from '@escrow/core/domain/fees';

/**
 * The pricing page's three services (docs/product-rules.md §2), keyed by the fee-band column that prices them; their
 * names and summaries are `public.pricing.services.<key>` in the catalogs (the fee type is never shown).
 */
export const PRICED_SERVICES = [
  { type: 'wo_dispute', key: 'standard' },
  { type: 'with_dispute', key: 'protected' },
  { type: 'lipa_mdogo_mdogo', key: 'lipa' },
] as const satisfies readonly { type: FeeType; key: string }[];
