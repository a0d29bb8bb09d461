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
 *
 * One group runs at a time. DataLoader starts a new batch each time one fills; were those run side by
 * side, two statements updating the same rows in different orders could deadlock in PostgreSQL.
 */
export function groupCommit<K, V>(run: (keys: readonly K[]) => Promise<(V | Error)[]>): (key: K) => Promise<V> {
  let running = false;
  const ready: (() => void)[] = [];
  const runNext = () => {
    const dispatch = running ? undefined : ready.shift();
    if (!dispatch) return;
    running = true;
    dispatch();
  };
  const loader = new DataLoader<K, V>(
    async (keys) => {
      try {
        return await run(keys);
      } finally {
        running = false;
        // The next group holds the calls gathered meanwhile.
        runNext();
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_GROUP,
      batchScheduleFn: (dispatch) => {
        ready.push(dispatch);
        // With nothing running, the group goes once this event-loop turn's calls have joined it.
        if (!running && ready.length === 1) setImmediate(runNext);
      },
    },
  );
  return (key) => loader.load(key);
}
