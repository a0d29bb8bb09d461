-- Requests left waiting after their plan moved on end now, as escrow-core/run-action.ts ends them from here
-- on: those on a transaction already out of the states where the seller can answer (installment, funded:
-- WITHDRAWAL_ANSWERABLE_STATUSES in packages/core/src/domain/transaction-state.ts), and those a dispute
-- overtook even if a ruling has since let the plan go on (a dispute made after the request; a request that
-- led to its own dispute was declined, not left waiting). The read no longer shows them, the buyer may ask
-- again, and the lapse sweep does not turn them into a second dispute.
UPDATE "withdrawal_requests" w SET "status" = 'closed'
FROM "transactions" t
WHERE t."id" = w."transaction_id" AND w."status" = 'pending'
  AND (t."status" NOT IN ('installment', 'funded')
       OR EXISTS (SELECT 1 FROM "disputes" d WHERE d."transaction_id" = w."transaction_id" AND d."created_at" >= w."created_at"));
