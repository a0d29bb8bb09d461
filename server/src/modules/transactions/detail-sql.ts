/**
 * The transaction detail read in one statement: the transaction with both parties, the plan and its
 * installments, the timeline, the latest dispute, the withdrawal request waiting for the seller, the
 * payments, the refunds and the latest seller payout, each nested as JSON. The same rows as
 * detail-query.ts's DETAIL_INCLUDE, ordered as there. A file of its own, importing nothing, so that the
 * bench's hand-written read (scripts/lib/bench-baseline.ts) runs this very statement without the server.
 */
export const DETAIL_SQL = `
SELECT to_jsonb(t) AS txn,
  jsonb_build_object('first_name', b.first_name, 'last_name', b.last_name, 'phone_number', b.phone_number) AS buyer,
  CASE WHEN s.id IS NULL THEN NULL
       ELSE jsonb_build_object('first_name', s.first_name, 'last_name', s.last_name, 'phone_number', s.phone_number) END AS seller,
  (SELECT to_jsonb(p) FROM installment_plans p WHERE p.transaction_id = t.id) AS plan,
  (SELECT coalesce(jsonb_agg(to_jsonb(i) ORDER BY i.sequence), '[]')
     FROM installments i JOIN installment_plans p ON p.id = i.plan_id WHERE p.transaction_id = t.id) AS installments,
  (SELECT coalesce(jsonb_agg(to_jsonb(e) ORDER BY e.created_at, e.id), '[]') FROM timeline_events e WHERE e.transaction_id = t.id) AS timeline,
  (SELECT to_jsonb(d) FROM disputes d WHERE d.transaction_id = t.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1) AS dispute,
  (SELECT jsonb_build_object('id', w.id, 'reason', w.reason, 'created_at', w.created_at, 'respond_by', w.respond_by)
     FROM withdrawal_requests w WHERE w.transaction_id = t.id AND w.status = 'pending' LIMIT 1) AS pending_withdrawal,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('status', y.status, 'amount_cents', y.amount_cents, 'fee_cents', y.fee_cents)), '[]')
     FROM payments y WHERE y.transaction_id = t.id) AS payments,
  (SELECT coalesce(jsonb_agg(jsonb_build_object('amount_cents', r.amount_cents, 'fee_cents', r.fee_cents, 'reason', r.reason)), '[]')
     FROM refunds r WHERE r.transaction_id = t.id) AS refunds,
  (SELECT jsonb_build_object('amount_cents', o.amount_cents, 'status', o.status, 'rail', o.rail, 'rail_receipt', o.rail_receipt, 'completed_at', o.completed_at)
     FROM payouts o WHERE o.transaction_id = t.id AND o.kind = 'seller_payout' ORDER BY o.created_at DESC, o.id DESC LIMIT 1) AS payout
FROM transactions t
JOIN users b ON b.id = t.buyer_id
LEFT JOIN users s ON s.id = t.seller_id
WHERE t.id = $1`;
