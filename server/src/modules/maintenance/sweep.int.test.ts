import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { runMaintenance } from './sweep.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

it('deletes expired rows and keeps live ones', async () => {
  const { db } = t.ctx;
  const old = new Date(Date.now() - 8 * 24 * 3600_000);
  const soon = new Date(Date.now() + 60_000);
  await db.rateLimitBucket.createMany({
    data: [
      { key: 'old', count: 3, resetAt: old },
      { key: 'live', count: 1, resetAt: soon },
    ],
  });
  await db.idempotencyRecord.createMany({
    data: [
      { scope: 's', key: 'old', requestHash: 'h', createdAt: old },
      { scope: 's', key: 'live', requestHash: 'h' },
    ],
  });
  await db.ussdSession.createMany({
    data: [
      { sessionId: 'old', phoneNumber: '254700000000', state: {}, updatedAt: old },
      { sessionId: 'live', phoneNumber: '254700000000', state: {} },
    ],
  });
  await db.jobWorker.createMany({
    data: [
      { id: 'pool-gone', node: 'old-host:1', lastSeenAt: old },
      { id: 'pool-live', node: 'host:2' },
    ],
  });

  const report = await runMaintenance(t.ctx);
  expect(report).toMatchObject({ rateLimits: 1, idempotency: 1, ussd: 1, jobWorkers: 1 });
  expect((await db.rateLimitBucket.findMany()).map((row) => row.key)).toEqual(['live']);
  expect((await db.idempotencyRecord.findMany()).map((row) => row.key)).toEqual(['live']);
  expect((await db.ussdSession.findMany()).map((row) => row.sessionId)).toEqual(['live']);
  expect((await db.jobWorker.findMany()).map((row) => row.id)).toEqual(['pool-live']);
});
