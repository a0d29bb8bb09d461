/**
 * The admin REST API (docs/contract.md "Admin"): monitoring under /api/admin/monitoring and the accounts
 * under /api/admin/users. Every route is admin-only (401 without a token, 403 for anyone else). The
 * tRPC `admin.*` procedures call the same query and use-case functions.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTransactionsExportQuery,
  alertsResponse,
  adminTransactionsQuery,
  adminTransactionsResponse,
  adminUserResponse,
  adminUsersExportQuery,
  adminUsersQuery,
  adminUsersResponse,
  analyticsQuery,
  analyticsResponse,
  dashboardResponse,
  EXPORT_ROW_LIMIT,
  healthResponse,
  latestQuery,
  latestResponse,
  statsResponse,
  suspendUserBody,
  transactionTimelineResponse,
} from '@escrow/core/contract/admin';
import { errorEnvelope, idParam } from '@escrow/core/contract/common';
import { caller } from '../../plugins/auth.ts';
import { exportTransactionsCsv, exportUsersCsv } from './exports.ts';
import { getAlerts } from './queries/alerts.ts';
import { getAnalytics } from './queries/analytics.ts';
import { getDashboard } from './queries/dashboard.ts';
import { getSystemHealth } from './queries/health.ts';
import { getLatestActivity } from './queries/latest.ts';
import { getPlatformStats } from './queries/stats.ts';
import { getTransactionTimeline, listAdminTransactions } from './queries/transactions.ts';
import { listAdminUsers } from './queries/users.ts';
import { reactivateUser } from './use-cases/reactivate-user.ts';
import { removeUserUssdPin } from './use-cases/remove-ussd-pin.ts';
import { suspendUser } from './use-cases/suspend-user.ts';
import { verifyUser } from './use-cases/verify-user.ts';

const guarded = { tags: ['admin'], security: [{ bearerAuth: [] }] };
const adminErrors = { 401: errorEnvelope, 403: errorEnvelope };
const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });
const csvResponse = { 200: z.string().meta({ description: 'text/csv; newest first, at most 10,000 rows' }) };

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation: a caller who is not an admin learns nothing, not even which inputs are wrong.
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/monitoring/dashboard',
    {
      schema: {
        ...guarded,
        summary: 'Quick stats, system health and the 10 newest transactions',
        response: { 200: dashboardResponse, ...adminErrors },
      },
    },
    async () => ok('Dashboard data', await getDashboard(app.ctx)),
  );

  app.get(
    '/monitoring/health',
    {
      schema: {
        ...guarded,
        summary: 'Health of the database, job queue, M-Pesa and SMS rails, and the ledger invariants',
        response: { 200: healthResponse, ...adminErrors },
      },
    },
    async () => ok('System health', await getSystemHealth(app.ctx)),
  );

  app.get(
    '/monitoring/stats',
    {
      schema: {
        ...guarded,
        summary: 'Platform totals by status and type, users, money held and moved',
        response: { 200: statsResponse, ...adminErrors },
      },
    },
    async () => ok('Platform statistics', await getPlatformStats(app.ctx)),
  );

  app.get(
    '/monitoring/analytics',
    {
      schema: {
        ...guarded,
        summary: 'Time series: volume, count, revenue, disputes and installment completion per day, week or month',
        querystring: analyticsQuery,
        response: { 200: analyticsResponse, 400: errorEnvelope, ...adminErrors },
      },
    },
    async (request) => ok('Analytics', await getAnalytics(app.ctx, request.query)),
  );

  app.get(
    '/monitoring/latest',
    {
      schema: {
        ...guarded,
        summary: 'The newest transactions and timeline events (the live feed)',
        querystring: latestQuery,
        response: { 200: latestResponse, 400: errorEnvelope, ...adminErrors },
      },
    },
    async (request) => ok('Latest activity', await getLatestActivity(app.ctx, request.query)),
  );

  app.get(
    '/monitoring/alerts',
    {
      schema: {
        ...guarded,
        summary: 'What needs a person now: failed payments, stuck or failed payouts, overdue installments and disputes',
        response: { 200: alertsResponse, ...adminErrors },
      },
    },
    async () => ok('Alerts', await getAlerts(app.ctx)),
  );

  app.get(
    '/monitoring/transactions',
    {
      schema: {
        ...guarded,
        summary: 'Every transaction: filters, search (reference or phone), pagination and a summary',
        querystring: adminTransactionsQuery,
        response: { 200: adminTransactionsResponse, 400: errorEnvelope, ...adminErrors },
      },
    },
    async (request) => ok('Transactions', await listAdminTransactions(app.ctx, request.query)),
  );

  app.get(
    '/monitoring/transactions/export',
    {
      schema: {
        ...guarded,
        summary: 'The filtered transaction list as CSV',
        querystring: adminTransactionsExportQuery,
        produces: ['text/csv'],
        response: { ...csvResponse, 400: errorEnvelope, ...adminErrors },
      },
    },
    async (request, reply) => {
      const csv = await exportTransactionsCsv(app.ctx, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${csvDate()}.csv"`)
        .header('x-row-limit', String(EXPORT_ROW_LIMIT))
        .serializer((payload: unknown) => payload as string)
        .send(csv);
    },
  );

  app.get(
    '/monitoring/transactions/:id/timeline',
    {
      schema: {
        ...guarded,
        summary: "A transaction's details and timeline (the admin details modal)",
        params: idParam,
        response: { 200: transactionTimelineResponse, 400: errorEnvelope, 404: errorEnvelope, ...adminErrors },
      },
    },
    async (request) =>
      ok(
        'Transaction timeline',
        await getTransactionTimeline(app.ctx, { transactionId: request.params.id, adminId: caller(request).userId }),
      ),
  );

  app.get(
    '/users',
    {
      schema: {
        ...guarded,
        summary: 'Every account: search (phone, name or email), type and status filters, summary',
        querystring: adminUsersQuery,
        response: { 200: adminUsersResponse, 400: errorEnvelope, ...adminErrors },
      },
    },
    async (request) => ok('Users', await listAdminUsers(app.ctx, request.query)),
  );

  app.get(
    '/users/export',
    {
      schema: {
        ...guarded,
        summary: 'The filtered user list as CSV',
        querystring: adminUsersExportQuery,
        produces: ['text/csv'],
        response: { ...csvResponse, 400: errorEnvelope, ...adminErrors },
      },
    },
    async (request, reply) => {
      const csv = await exportUsersCsv(app.ctx, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="users-${csvDate()}.csv"`)
        .serializer((payload: unknown) => payload as string)
        .send(csv);
    },
  );

  const userAction = {
    params: idParam,
    response: { 200: adminUserResponse, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope, ...adminErrors },
  };
  const actionOf = (request: FastifyRequest, userId: string) => ({ adminId: caller(request).userId, userId, ip: request.ip });

  app.post(
    '/users/:id/verify',
    { schema: { ...guarded, ...userAction, summary: "Mark an account's phone as verified (audited)" } },
    async (request) => ok('User verified', { user: await verifyUser(app.ctx, actionOf(request, request.params.id)) }),
  );

  app.post(
    '/users/:id/suspend',
    {
      schema: {
        ...guarded,
        ...userAction,
        body: suspendUserBody,
        summary: 'Suspend an account and end its sessions (audited; not your own account)',
      },
    },
    async (request) => {
      const user = await suspendUser(app.ctx, { ...actionOf(request, request.params.id), reason: request.body?.reason });
      // Answer once every live node has heard the sessions end (plugins/session-cache.ts).
      await app.sessionCache.barrier();
      return ok('User suspended', { user });
    },
  );

  app.post('/users/:id/reactivate', { schema: { ...guarded, ...userAction, summary: 'Lift a suspension (audited)' } }, async (request) =>
    ok('User reactivated', { user: await reactivateUser(app.ctx, actionOf(request, request.params.id)) }),
  );

  app.post(
    '/users/:id/ussd_pin/reset',
    {
      schema: {
        ...guarded,
        ...userAction,
        summary: "Remove an account's forgotten USSD PIN, for a caller whose identity customer care has checked (audited)",
        description:
          "For a holder who cannot remove it on the website (no web password, no internet): the same removal as `POST /api/auth/ussd_pin/reset`. The PIN and its lock are removed, the phone's open USSD sessions end, and the phone is told by SMS in its holder's language that customer care removed it. The next dial of *384*40# sets a new PIN after the 6-digit code the platform texts that phone then (or the web password). Check who is calling first: whoever holds the phone can then choose the PIN. An account with no USSD PIN is 409 (`INVALID_STATE`), and nothing is sent.",
      },
    },
    async (request) => ok('USSD PIN removed', { user: await removeUserUssdPin(app.ctx, actionOf(request, request.params.id)) }),
  );
};

function csvDate(): string {
  return new Date().toISOString().slice(0, 10);
}

export default adminRoutes;
