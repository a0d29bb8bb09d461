/**
 * Applies an Africa's Talking delivery report to the outbox message it is about (found by the gateway's
 * message id). A final outcome (delivered or failed) is never overwritten, so repeated or late reports
 * are harmless; an intermediate status (Sent, Buffered, …) only confirms that the message left.
 */
import type { AppContext } from '../../../context.ts';
import type { SMS_REPORT_STATUSES } from '@escrow/core/contract/ussd';
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

/**
 * One statement: the conditional UPDATE (concurrent duplicates cannot both apply, and a final state stays
 * final), and the message as it stands when nothing changed.
 */
const APPLY_REPORT = `
WITH updated AS (
  UPDATE sms_messages SET
    status = $2::text::"SmsStatus",
    delivered_at = CASE WHEN $2::text = 'delivered' THEN $3::timestamptz ELSE delivered_at END,
    failure_reason = CASE WHEN $2::text = 'delivered' THEN NULL WHEN $2::text = 'failed' THEN $4::text ELSE failure_reason END
  WHERE provider_message_id = $1 AND status::text = ANY($5::text[])
  RETURNING id, status::text AS status
)
SELECT id, status FROM updated
UNION ALL
SELECT id, status::text FROM sms_messages WHERE provider_message_id = $1 AND NOT EXISTS (SELECT 1 FROM updated)`;

export async function recordDeliveryReport(
  ctx: AppContext,
  report: { messageId: string; status: ReportStatus; failureReason?: string },
): Promise<{ id: string; status: 'queued' | 'sent' | 'delivered' | 'failed' }> {
  const outcome = OUTCOME[report.status];
  const failureReason =
    outcome === 'failed'
      ? `Delivery report: ${report.status}${report.failureReason ? ` (${report.failureReason})` : ''}`.slice(0, 300)
      : null;
  const [sms] = await queryRows<{ id: string; status: 'queued' | 'sent' | 'delivered' | 'failed' }>(ctx.db, {
    name: 'sms_delivery_report',
    text: APPLY_REPORT,
    values: [report.messageId, outcome, ctx.now(), failureReason, outcome === 'sent' ? ['queued'] : ['queued', 'sent']],
  });
  // Unknown ids answer 404, so the gateway retries a report that overtook the send's bookkeeping.
  if (!sms) throw notFound('SMS message');
  return sms;
}
