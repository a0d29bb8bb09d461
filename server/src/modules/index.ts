/**
 * Every feature module, registered in one place. A module is a folder with its routes, schemas,
 * use-cases and tests; channels (REST, tRPC, USSD, jobs) call the same use-cases.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { RecurringJob } from '../jobs/recurring.ts';
import adminRoutes from './admin/routes.ts';
import authRoutes from './auth/routes.ts';
import chargesRoutes from './charges/routes.ts';
import contactRoutes from './contact/routes.ts';
import disputeRoutes from './disputes/routes.ts';
import healthRoutes from './health/routes.ts';
import installmentRoutes from './installments/routes.ts';
import { installmentSweep, sweepInstallments } from './installments/sweep.ts';
import { maintenanceSweep, runMaintenance } from './maintenance/sweep.ts';
import { deliverSmsBatch, SMS_QUEUE } from './notifications/notify.ts';
import smsDeliveryReportRoutes from './notifications/delivery-report-routes.ts';
import notificationRoutes from './notifications/routes.ts';
import paymentLinkRoutes from './payment-links/routes.ts';
import paymentRoutes from './payments/routes.ts';
import publicConfigRoutes from './public-config/routes.ts';
import { reconcilePayment } from './payments/use-cases/reconcile-payment.ts';
import { RECONCILE_QUEUE } from './payments/use-cases/initiate-payment.ts';
import payoutAdminRoutes from './payouts/admin-routes.ts';
import paymentAdminRoutes from './payments/admin-routes.ts';
import { PAYOUT_RECONCILE_QUEUE, reconcilePayout } from './payouts/reconcile-payout.ts';
import { PAYOUT_QUEUE, sendPayout } from './payouts/send-payout.ts';
import releaseCodeRoutes from './release-codes/routes.ts';
import transactionRoutes from './transactions/routes.ts';
import { foldTransactionTotals, transactionTotalsFold } from './transactions/totals.ts';
import { AUTO_RELEASE_QUEUE } from './transactions/use-cases/dispatch-transaction.ts';
import { autoReleaseTransaction } from './transactions/use-cases/release-payment.ts';
import { lapseOverdueWithdrawals, withdrawalLapse } from './transactions/withdrawal-lapse.ts';
import ussdRoutes from './ussd/routes.ts';
import { sendUssdStkPush, USSD_STK_QUEUE } from './ussd/stk-push-job.ts';

export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(healthRoutes, { ctx });
  await app.register(publicConfigRoutes);
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(chargesRoutes, { prefix: '/api/v1/charges' });
  await app.register(notificationRoutes, { prefix: '/api/admin' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(payoutAdminRoutes, { prefix: '/api/admin' });
  await app.register(paymentAdminRoutes, { prefix: '/api/admin' });
  await app.register(contactRoutes);
  await app.register(transactionRoutes, { prefix: '/api/transactions', ctx });
  await app.register(releaseCodeRoutes, { prefix: '/api/transactions', ctx });
  await app.register(paymentLinkRoutes, { prefix: '/api/payment-links', ctx });
  await app.register(paymentRoutes, { prefix: '/api/payments', ctx });
  await app.register(ussdRoutes, { prefix: '/api/ussd' });
  await app.register(smsDeliveryReportRoutes, { prefix: '/api/sms' });
  await app.register(installmentRoutes, { ctx });
  await app.register(disputeRoutes, { ctx });
}

/** Job handlers of every module; the queue runs them after the change that enqueued them commits. */
export function registerJobHandlers(ctx: AppContext): void {
  ctx.jobs.registerBatch(SMS_QUEUE, (payloads, job) => deliverSmsBatch(ctx, payloads, job.attempts >= job.max_attempts));
  ctx.jobs.register(PAYOUT_QUEUE, (payload) => sendPayout(ctx, payload));
  ctx.jobs.register(PAYOUT_RECONCILE_QUEUE, (payload) => reconcilePayout(ctx, payload));
  ctx.jobs.register(RECONCILE_QUEUE, (payload, job) => reconcilePayment(ctx, payload, job));
  ctx.jobs.register(AUTO_RELEASE_QUEUE, (payload) => autoReleaseTransaction(ctx, payload));
  ctx.jobs.register(USSD_STK_QUEUE, (payload, job) => sendUssdStkPush(ctx, payload, job));
  const recurring: [RecurringJob, () => Promise<unknown>][] = [
    [installmentSweep, () => sweepInstallments(ctx)],
    [maintenanceSweep, () => runMaintenance(ctx)],
    [transactionTotalsFold, () => foldTransactionTotals(ctx.db)],
    [withdrawalLapse, () => lapseOverdueWithdrawals(ctx)],
  ];
  for (const [job, work] of recurring) {
    ctx.jobs.register(job.queue, async () => {
      await work();
    });
    ctx.jobs.schedule(job.queue, job.crontab);
  }
}

/** Queues a catch-up run of every recurring job (at start; one already waiting is left alone). */
export async function startRecurringJobs(ctx: AppContext): Promise<void> {
  for (const recurring of [installmentSweep, maintenanceSweep, transactionTotalsFold, withdrawalLapse]) {
    // A database that is not reachable yet must not stop the server: the next start catches up.
    await recurring
      .start(ctx)
      .catch((error: unknown) => ctx.log.warn({ err: error, queue: recurring.queue }, 'could not queue a recurring job'));
  }
}
