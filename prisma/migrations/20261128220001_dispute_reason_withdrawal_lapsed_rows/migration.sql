-- Disputes already opened for a lapsed withdrawal request carry the reason `withdrawal_declined`; the
-- timeline line that opened each one says it lapsed (`dispute_initiated` with `lapsed: true` and the dispute's
-- id, as respond-to-withdrawal.ts has written it since the sweep began). Those disputes are named as what
-- happened; a dispute a seller declined keeps its reason, and the timeline keeps what it recorded.
UPDATE "disputes" d SET "reason" = 'withdrawal_lapsed'
FROM "timeline_events" e
WHERE d."reason" = 'withdrawal_declined'
  AND e."transaction_id" = d."transaction_id"
  AND e."event_type" = 'dispute_initiated'
  AND e."data" ->> 'dispute_id' = d."id"::text
  AND e."data" ->> 'lapsed' = 'true';
