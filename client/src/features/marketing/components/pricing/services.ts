import type { FeeType } from '@escrow/core/domain/fees';

/** The pricing page's three services (docs/product-rules.md §2), keyed by the fee-band column that prices them. */
export const PRICED_SERVICES: { type: FeeType; name: string; summary: string }[] = [
  { type: 'wo_dispute', name: 'Standard Escrow', summary: 'Buyer protection for one-time purchases' },
  { type: 'with_dispute', name: 'Protected Escrow', summary: 'Escrow with dispute resolution coverage' },
  { type: 'lipa_mdogo_mdogo', name: 'Lipa Mdogo Mdogo', summary: 'Installments for items over KES 10,000' },
];
