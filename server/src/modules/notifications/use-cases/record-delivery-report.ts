/**
 * Applies an Africa's Talking delivery report to the outbox message it is about (found by the gateway's
 * message id). A final outcome (delivered or failed) is never overwritten, so repeated or late reports
 * are harmless; an intermediate status (Sent, Buffered, …) only confirms that the message left.
 */
import { cutText } from '@escrow/core/domain/text';
import type { AppContext } from '../../../context.ts';
import type { SMS_REPORT_STATUSES } from '@escrow/core/contract/ussd';
import { groupCommit } from '../../../db/group-commit.ts';
import { queryRows, retryingConflicts, type Db } from '../../../db/prisma.ts';
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
export interface Outcome {
  messageId: string;
  outcome: (typeof OUTCOME)[ReportStatus];
  failureReason: string | null;
}

/**
 * One statement for a group of reports (db/group-commit.ts): the conditional UPDATE (concurrent
 * duplicates cannot both apply, and a final state stays final), and each message as it stands when
 * nothing changed.
 *
 * Both halves find their messages by the gateway's id (`= ANY`) and compare the status as text: the sent
 * messages waiting for their reports are a backlog the statistics, taken while the table was quiet, never
 * saw, and the status index would walk all of it for each group (test/backlog-plans.int.test.ts).
 */
export const APPLY_REPORTS = `
WITH report AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) AS report (provider_message_id, outcome, failure_reason)
), updated AS (
  UPDATE sms_messages AS s SET
    status = report.outcome::"SmsStatus",
    delivered_at = CASE WHEN report.outcome = 'delivered' THEN $4::timestamptz ELSE s.delivered_at END,
    failure_reason = CASE WHEN report.outcome = 'delivered' THEN NULL WHEN report.outcome = 'failed' THEN report.failure_reason
      ELSE s.failure_reason END
  FROM report
  WHERE s.provider_message_id = ANY($1::text[]) AND s.provider_message_id = report.provider_message_id
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

/**
 * One group's statement. Two nodes applying groups that share messages can deadlock (each statement
 * locks its messages in its own plan's order): PostgreSQL then rolls one statement back whole, and it
 * runs again. Locking the messages in one order first would avoid that, but cost every group a second
 * write of each row (about 2 ms of PostgreSQL per create in the bench), for a race between two nodes.
 */
export function applyReportGroup(db: Db, reports: Outcome[], now: Date) {
  return retryingConflicts(() =>
    queryRows<{ provider_message_id: string; id: string; status: SmsStatus }>(db, {
      name: 'sms_delivery_reports',
      text: APPLY_REPORTS,
      values: [
        reports.map((report) => report.messageId),
        reports.map((report) => report.outcome),
        reports.map((report) => report.failureReason),
        now,
      ],
    }),
  );
}

/** The reports arriving together share one statement and one commit (a burst's SMS report back in a burst). */
function applyReports(ctx: AppContext) {
  let apply = applyReportsOf.get(ctx);
  if (!apply) {
    apply = groupCommit<Outcome, { id: string; status: SmsStatus }>(async (outcomes) => {
      const rows = await applyReportGroup(ctx.db, onePerMessage(outcomes), ctx.now());
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
      ? cutText(`Delivery report: ${report.status}${report.failureReason ? ` (${report.failureReason})` : ''}`, 300)
      : null;
  return applyReports(ctx)({ messageId: report.messageId, outcome, failureReason });
}
