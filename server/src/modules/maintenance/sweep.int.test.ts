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
  await db.job.createMany({
    data: [
      { queue: 'x', payload: {}, status: 'done', finishedAt: old },
      { queue: 'x', payload: {}, status: 'failed', finishedAt: old },
      { queue: 'x', payload: {}, status: 'done', finishedAt: new Date() },
    ],
  });

  const report = await runMaintenance(t.ctx);
  expect(report).toMatchObject({ rateLimits: 1, idempotency: 1, jobs: 1 });
  expect((await db.rateLimitBucket.findMany()).map((row) => row.key)).toEqual(['live']);
  expect((await db.idempotencyRecord.findMany()).map((row) => row.key)).toEqual(['live']);
  expect((await db.ussdSession.findMany()).map((row) => row.sessionId)).toEqual(['live']);
  expect(await db.job.count({ where: { queue: 'x' } })).toBe(2);
});
