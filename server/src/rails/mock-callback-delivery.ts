/**
 * How the rails' mocks deliver their callbacks: a sweep of due rows runs on a timer and after each
 * request that makes one due, one sweep at a time, and only while the server listens, so a callback
 * due during a restart reaches the new process. Closing waits for the sweep under way.
 */
import type { FastifyInstance } from 'fastify';

/** Registers the delivery loop on `app`; returns `schedule(delayMs)` to sweep soon after a request. */
export function deliverDueCallbacks(
  app: FastifyInstance,
  options: { name: string; pollIntervalMs: number; sweep: () => Promise<void> },
): (delayMs: number) => void {
  let closing = false;
  let sweeping: Promise<void> = Promise.resolve();
  let interval: NodeJS.Timeout | undefined;

  function schedule(delayMs: number) {
    if (closing || !app.server.listening) return;
    const timer = setTimeout(() => {
      if (closing || !app.server.listening) return;
      sweeping = sweeping.then(options.sweep).catch((error: unknown) => app.log.warn({ err: error }, `${options.name} sweep failed`));
    }, delayMs + 5);
    timer.unref?.();
  }

  app.addHook('onListen', async () => {
    interval = setInterval(() => schedule(0), options.pollIntervalMs);
    interval.unref?.();
    schedule(0);
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(interval);
    await sweeping;
  });
  return schedule;
}
