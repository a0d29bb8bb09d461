/**
 * Applies an Africa's Talking delivery report to the outbox message it is about (found by the gateway's
 * message id). A final outcome (delivered or failed) is never overwritten, so repeated or late reports
 * are harmless; an intermediate status (Sent, Buffered, …) only confirms that the message left.
 */
import type { AppContext } from '../../../context.ts';
import type { SMS_REPORT_STATUSES } from '@escrow/core/contract/ussd';
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

export async function recordDeliveryReport(
  ctx: AppContext,
  report: { messageId: string; status: ReportStatus; failureReason?: string },
): Promise<{ id: string; status: 'queued' | 'sent' | 'delivered' | 'failed' }> {
  const outcome = OUTCOME[report.status];
  const now = ctx.now();
  // One conditional UPDATE: concurrent duplicates cannot both apply, and a final state stays final.
  await ctx.db.smsMessage.updateMany({
    where: { providerMessageId: report.messageId, status: { in: outcome === 'sent' ? ['queued'] : ['queued', 'sent'] } },
    data:
      outcome === 'delivered'
        ? { status: 'delivered', deliveredAt: now, failureReason: null }
        : outcome === 'failed'
          ? {
              status: 'failed',
              failureReason: `Delivery report: ${report.status}${report.failureReason ? ` (${report.failureReason})` : ''}`.slice(0, 300),
            }
          : { status: 'sent' },
  });
  const sms = await ctx.db.smsMessage.findUnique({ where: { providerMessageId: report.messageId }, select: { id: true, status: true } });
  // Unknown ids answer 404, so the gateway retries a report that overtook the send's bookkeeping.
  if (!sms) throw notFound('SMS message');
  return sms;
}
