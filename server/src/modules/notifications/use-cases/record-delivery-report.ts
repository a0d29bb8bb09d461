/**
 * Applies an Africa's Talking delivery report to the outbox message it is about (found by the gateway's
 * message id). A final outcome (delivered or failed) is never overwritten, so repeated or late reports
 * are harmless; an intermediate status (Sent, Buffered, …) only confirms that the message left.
 */
import type { AppContext } from '../../../context.ts';
import type { SMS_REPORT_STATUSES } from '@escrow/core/contract/ussd';
import { groupCommit } from '../../../db/group-commit.ts';
import { queryRows } from '../../../db/prisma.ts';
import { notFound } from '../../../lib/app-error.ts';

type ReportStatus = (typeof SMS_REPORT_STATUSES)[number];

const OUTCOME: Record<ReportStatus, 'delivered' | 'failed' | 'sent'> = {
  Success: 'delivered',
  Failed: 'failed',
  Rejected: 'failed',
  AbsentSubscriber: 'failed',
  Expired: 'failed',
  Sent: 'sent',
  Submitted: 'sent',
  Buffered: 'sent',
};

type SmsStatus = 'queued' | 'sent' | 'delivered' | 'failed';
interface Outcome {
  messageId: string;
  outcome: (typeof OUTCOME)[ReportStatus];
  failureReason: string | null;
}

/**
 * One statement for a group of reports (db/group-commit.ts): the conditional UPDATE (concurrent
 * duplicates cannot both apply, and a final state stays final), and each message as it stands when
 * nothing changed.
 *
 * The messages are locked in one order (their ids) before any is changed: two nodes applying groups that
 * share messages, in whatever order their reports came, wait for each other instead of deadlocking.
 *
 * Both halves find their messages by the gateway's id (`= ANY`) and compare the status as text: the sent
 * messages waiting for their reports are a backlog the statistics, taken while the table was quiet, never
 * saw, and the status index would walk all of it for each group (test/backlog-plans.int.test.ts).
 */
export const APPLY_REPORTS = `
WITH report AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS report (provider_message_id, outcome, failure_reason)
), locked AS MATERIALIZED (
  SELECT s.id FROM sms_messages AS s WHERE s.provider_message_id = ANY($1::text[]) ORDER BY s.id FOR UPDATE
), updated AS (
  UPDATE sms_messages AS s SET
    status = report.outcome::"SmsStatus",
    delivered_at = CASE WHEN report.outcome = 'delivered' THEN $4::timestamptz ELSE s.delivered_at END,
    failure_reason = CASE WHEN report.outcome = 'delivered' THEN NULL WHEN report.outcome = 'failed' THEN report.failure_reason
      ELSE s.failure_reason END
  FROM report, locked
  WHERE s.id = locked.id AND s.provider_message_id = report.provider_message_id
    AND (s.status::text = 'queued' OR (s.status::text = 'sent' AND report.outcome <> 'sent'))
  RETURNING s.provider_message_id, s.id, s.status::text AS status
)
SELECT provider_message_id, id, status FROM updated
UNION ALL
SELECT s.provider_message_id, s.id, s.status::text FROM sms_messages AS s
WHERE s.provider_message_id = ANY($1::text[])
  AND NOT EXISTS (SELECT 1 FROM updated WHERE updated.provider_message_id = s.provider_message_id)`;

/**
 * A group's reports, one per message: of several about one message, the first final outcome (as one
 * after another, the first final one would stay), else the intermediate one.
 */
function onePerMessage(outcomes: readonly Outcome[]): Outcome[] {
  const chosen = new Map<string, Outcome>();
  for (const outcome of outcomes) {
    const earlier = chosen.get(outcome.messageId);
    if (!earlier || (earlier.outcome === 'sent' && outcome.outcome !== 'sent')) chosen.set(outcome.messageId, outcome);
  }
  return [...chosen.values()];
}

const applyReportsOf = new WeakMap<AppContext, (outcome: Outcome) => Promise<{ id: string; status: SmsStatus }>>();

/** The reports arriving together share one statement and one commit (a burst's SMS report back in a burst). */
function applyReports(ctx: AppContext) {
  let apply = applyReportsOf.get(ctx);
  if (!apply) {
    apply = groupCommit<Outcome, { id: string; status: SmsStatus }>(async (outcomes) => {
      const reports = onePerMessage(outcomes);
      const rows = await queryRows<{ provider_message_id: string; id: string; status: SmsStatus }>(ctx.db, {
        name: 'sms_delivery_reports',
        text: APPLY_REPORTS,
        values: [
          reports.map((report) => report.messageId),
          reports.map((report) => report.outcome),
          reports.map((report) => report.failureReason),
          ctx.now(),
        ],
      });
      const byMessage = new Map(rows.map((row) => [row.provider_message_id, { id: row.id, status: row.status }]));
      // Unknown ids answer 404, so the gateway retries a report that overtook the send's bookkeeping.
      return outcomes.map((outcome) => byMessage.get(outcome.messageId) ?? notFound('SMS message'));
    });
    applyReportsOf.set(ctx, apply);
  }
  return apply;
}

export function recordDeliveryReport(
  ctx: AppContext,
  report: { messageId: string; status: ReportStatus; failureReason?: string },
): Promise<{ id: string; status: SmsStatus }> {
  const outcome = OUTCOME[report.status];
  const failureReason =
    outcome === 'failed'
      ? `Delivery report: ${report.status}${report.failureReason ? ` (${report.failureReason})` : ''}`.slice(0, 300)
      : null;
  return applyReports(ctx)({ messageId: report.messageId, outcome, failureReason });
}
