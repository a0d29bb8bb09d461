/**
 * Recurring jobs on the PostgreSQL queue, without cron: each run first queues the next one for the next
 * time slot with a singleton key per slot, so there is exactly one chain however many processes start,
 * and a failing run does not break it. `start` (at app start) queues a run for the current slot.
 */
import type { AppContext } from '../context.ts';

export interface RecurringJob {
  queue: string;
  start(ctx: AppContext): Promise<void>;
  /** Wraps the handler: schedules the next slot, then runs `work`. */
  handler<T>(ctx: AppContext, work: () => Promise<T>): () => Promise<T>;
}

export function recurringJob(queue: string, everyMs: number): RecurringJob {
  const slotStart = (date: Date) => new Date(Math.floor(date.getTime() / everyMs) * everyMs);
  const enqueueSlot = (ctx: AppContext, runAt: Date) =>
    ctx.jobs.enqueue(ctx.db, queue, {}, { runAt, singletonKey: `${queue}:${slotStart(runAt).toISOString()}`, maxAttempts: 3 });
  return {
    queue,
    start: (ctx) => enqueueSlot(ctx, ctx.now()),
    handler: (ctx, work) => async () => {
      await enqueueSlot(ctx, new Date(slotStart(ctx.now()).getTime() + everyMs));
      return work();
    },
  };
}
