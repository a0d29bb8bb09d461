/**
 * How long a buyer has to inspect a dispatched item before the payment is released by itself: Protected
 * Escrow buys a longer window than Standard (docs/adr/0011-standard-and-protected.md).
 */
import type { AppConfig } from '../../config/env.ts';
import type { TransactionType } from '@escrow/core/domain/transaction-state';

export function inspectionWindowSeconds(
  config: Pick<AppConfig, 'INSPECTION_WINDOW_SECONDS' | 'PROTECTED_INSPECTION_WINDOW_SECONDS'>,
  type: TransactionType,
) {
  return type === 'protected' ? config.PROTECTED_INSPECTION_WINDOW_SECONDS : config.INSPECTION_WINDOW_SECONDS;
}
