/**
 * Recurring jobs: a queue run on a crontab schedule by graphile-worker's cron, which records each tick
 * in the database so that one run happens per tick however many nodes run it. `start` (at app start)
 * also queues one run now, so a sweep missed while no node was up is caught up; its job key keeps at
 * most one such run waiting.
 */
import type { AppContext } from '../context.ts';

export interface RecurringJob {
  queue: string;
  crontab: string;
  start(ctx: AppContext): Promise<void>;
}

export function recurringJob(queue: string, crontab: string): RecurringJob {
  return {
    queue,
    crontab,
    start: (ctx) => ctx.jobs.enqueue(ctx.db, queue, {}, { singletonKey: `${queue}:catch-up`, maxAttempts: 3 }),
  };
}
