/** Demo transactions in every state, made through the real use-cases (filled in with the escrow engine). */
import type { AppContext } from '../context.ts';

export async function seedDemoTransactions(ctx: AppContext): Promise<void> {
  void ctx;
}
