/**
 * Group commit for a write that arrives one call at a time (a gateway's callback per message, say): the
 * calls that come in while one statement runs go together in the next, as one statement and one durable
 * commit, instead of each waiting for a WAL flush of its own. No call waits on a timer: with nothing
 * running, a call goes once the current event-loop turn ends, so calls parsed in that turn join it.
 *
 * Batching is DataLoader's (no cache: every call is a write); this adds only the schedule.
 */
import DataLoader from 'dataloader';

/** Calls per statement at most; more wait for the next. */
const MAX_GROUP = 100;

/**
 * `run` gets the waiting calls' keys and answers each, in order, with its value or an Error (that call
 * alone rejects); if `run` throws, every call of its group rejects.
 */
export function groupCommit<K, V>(run: (keys: readonly K[]) => Promise<(V | Error)[]>): (key: K) => Promise<V> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<K, V>(
    async (keys) => {
      running++;
      try {
        return await run(keys);
      } finally {
        running--;
        // The groups gathered meanwhile go now (one, unless more calls came than one group takes).
        for (const dispatch of waiting.splice(0)) dispatch();
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_GROUP,
      batchScheduleFn: (dispatch) => {
        if (running === 0) setImmediate(dispatch);
        else waiting.push(dispatch);
      },
    },
  );
  return (key) => loader.load(key);
}
