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
 * duplicates cannot both apply, and a final state stays final), and each message as it stood before it
 * (`is_new` false): the statement's snapshot cannot see its own update, so the caller takes the updated
 * row where there is one (`applyReportGroup`).
 *
 * Each report finds its message through the gateway id's index, one lookup per report, driven by the
 * reports: the sent messages waiting for their reports are a backlog the statistics, taken while the table
 * was quiet, never saw, so the status is compared as text and no plan walks the status index
 * (test/backlog-plans.int.test.ts). Nothing joins the updated rows back to the table: a plan that did read
 * the reports (or the updated rows) once per message, as many steps as the group's size squared, and under a
 * burst the groups grow while each statement runs.
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
  WHERE s.provider_message_id = report.provider_message_id
    AND (s.status::text = 'queued' OR (s.status::text = 'sent' AND report.outcome <> 'sent'))
  RETURNING s.provider_message_id, s.id, s.status::text AS status
)
SELECT provider_message_id, id, status, true AS is_new FROM updated
UNION ALL
SELECT s.provider_message_id, s.id, s.status::text, false FROM report JOIN sms_messages AS s ON s.provider_message_id = report.provider_message_id`;

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
export async function applyReportGroup(db: Db, reports: Outcome[], now: Date): Promise<Map<string, { id: string; status: SmsStatus }>> {
  const rows = await retryingConflicts(() =>
    queryRows<{ provider_message_id: string; id: string; status: SmsStatus; is_new: boolean }>(db, {
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
  // Each message as the statement left it: the updated row where the report changed it, else as it stood.
  const byMessage = new Map<string, { id: string; status: SmsStatus }>();
  for (const row of rows) {
    if (row.is_new || !byMessage.has(row.provider_message_id)) byMessage.set(row.provider_message_id, { id: row.id, status: row.status });
  }
  return byMessage;
}

/** The reports arriving together share one statement and one commit (a burst's SMS report back in a burst). */
function applyReports(ctx: AppContext) {
  let apply = applyReportsOf.get(ctx);
  if (!apply) {
    apply = groupCommit<Outcome, { id: string; status: SmsStatus }>(async (outcomes) => {
      const byMessage = await applyReportGroup(ctx.db, onePerMessage(outcomes), ctx.now());
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
