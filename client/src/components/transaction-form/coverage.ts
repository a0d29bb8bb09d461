/** What a transaction type covers, with its inspection window in words: the transaction form and the pay panel. */
import { inspectionWindowWords } from '@escrow/core/domain/inspection-window';
import type { TransactionType } from '@escrow/core/domain/transaction-state';
import type { Language, Translate } from '@/i18n';

/** `windowHours`: the window as the API states it (GET /api/config, a transaction's `inspection_window_hours`). */
export function coverageText(t: Translate, language: Language, type: TransactionType, windowHours: number): string {
  return t(`customer.coverage.${type}`, { window: inspectionWindowWords(windowHours, language) });
}
