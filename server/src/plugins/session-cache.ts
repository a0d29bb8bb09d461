/**
 * Checked sessions kept in memory, so an authenticated request costs no database round trip, while a
 * logout, a password reset, a suspension or a role change still counts at once on every node: triggers on
 * `auth_sessions` and `users` NOTIFY `auth_changed` (migration `auth_changed_notify`), and every node
 * LISTENs on its own connection and drops what the notification names. While that connection is not
 * listening (starting, lost, reconnecting) the cache answers nothing and every check goes to the database.
 * A connection can also die silently (a network partition): the node sends itself a notification every
 * few seconds and trusts the cache only while the last one came back recently, so a lost connection
 * costs at most STALE_AFTER_MS of blindness, never more.
 *
 * A logout answers only once every live node has heard it: the logging-out node sends a barrier
 * notification after the revocation committed; each node acknowledges it (having processed everything
 * committed before it, since PostgreSQL delivers notifications in commit order), and the barrier waits for
 * the acknowledgements of every node heard from recently (their heartbeats name them). A node trusts its
 * cache only after hearing its own hello, so a node too new to be counted has nothing cached yet.
 * docs/adr/0012-hot-paths.md.
 *
 * Other per-node memory that a write on another node makes wrong (the admin aggregates) listens on its own
 * channel over this same connection (`onChannel`): one LISTEN connection per node, one heartbeat, and the
 * barrier covers those channels too, since PostgreSQL delivers every channel's notifications in one
 * commit order.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface CachedSession {
  userId: string;
  role: 'buyer' | 'seller' | 'both' | 'admin';
  status: string;
  isVerified: boolean;
  expiresAt: number;
}

export interface SessionCache {
  get(sessionId: string): CachedSession | undefined;
  /** The value to hand back to `set`: a notification heard in between makes that `set` a no-op. */
  generation(): number;
  set(sessionId: string, session: CachedSession, generation: number): void;
  /**
   * Resolves once every live node (this one included) has heard every notification committed before the
   * call, or after BARRIER_TIMEOUT_MS (a node that stops answering stops trusting its cache within
   * STALE_AFTER_MS). Logout, suspension and password reset wait on it.
   */
  barrier(): Promise<void>;
  /**
   * Hears `channel` on this node's LISTEN connection: `heard` gets each notification's payload, and null
   * whenever some may have been missed (the connection was lost, or listens again after a loss).
   */
  onChannel(channel: string, heard: (payload: string | null) => void): void;
  isListening(): boolean;
  close(): Promise<void>;
}

export const AUTH_CHANNEL = 'auth_changed';
const MAX_ENTRIES = 50_000;
const RECONNECT_MS = 1_000;
const BARRIER_TIMEOUT_MS = 2_000;
const HEARTBEAT_MS = 2_000;
/** The cache answers only while a notification of its own came back within this long. */
const STALE_AFTER_MS = 5_000;

interface Options {
  connectionString: string;
  log: { warn(object: object, message: string): void };
}

export function createSessionCache({ connectionString, log }: Options): SessionCache {
  const sessions = new Map<string, CachedSession>();
  const nodeId = randomUUID();
  /** Other nodes by id, with when their last heartbeat or hello was heard. */
  const peers = new Map<string, number>();
  /** Barriers of this node: the nodes still to acknowledge (fixed when the barrier itself is heard). */
  const waiting = new Map<string, { pending: Set<string> | null; done: () => void }>();
  /** The other channels listened to, and who hears them. */
  const channels = new Map<string, (payload: string | null) => void>();
  const tellChannels = (payload: string | null) => {
    for (const heard of channels.values()) heard(payload);
  };
  let heardOwnHello = false;
  let generation = 0;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let lastHeard = 0;
  const isFresh = () => listening && heardOwnHello && performance.now() - lastHeard < STALE_AFTER_MS;
  const notify = (payload: string) => client?.query('SELECT pg_notify($1, $2)', [AUTH_CHANNEL, payload]);
  const settle = (token: string) => {
    const barrier = waiting.get(token);
    if (barrier?.pending && barrier.pending.size === 0) barrier.done();
  };

  const forgetEverything = () => {
    generation++;
    sessions.clear();
  };

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== AUTH_CHANNEL) return channels.get(message.channel)?.(message.payload ?? '');
    const payload = message.payload ?? '';
    lastHeard = performance.now();
    if (payload.startsWith('heartbeat:') || payload.startsWith('hello:')) {
      const from = payload.slice(payload.indexOf(':') + 1);
      if (from === nodeId) heardOwnHello = true;
      else peers.set(from, performance.now());
      return;
    }
    if (payload.startsWith('a:')) {
      const [token = '', from = ''] = payload.slice(2).split(':');
      waiting.get(token)?.pending?.delete(from);
      settle(token);
      return;
    }
    if (payload.startsWith('b:')) {
      // Everything committed before the barrier has been processed here: acknowledge it.
      const [token = '', from = ''] = payload.slice(2).split(':');
      if (from === nodeId) {
        const barrier = waiting.get(token);
        if (barrier) {
          const now = performance.now();
          barrier.pending = new Set([...peers].filter(([, seen]) => now - seen < STALE_AFTER_MS).map(([id]) => id));
          settle(token);
        }
      } else void notify(`a:${token}:${nodeId}`)?.catch(() => {});
      return;
    }
    generation++;
    if (payload.startsWith('s:')) sessions.delete(payload.slice(2));
    else if (payload.startsWith('u:')) {
      const userId = payload.slice(2);
      for (const [sessionId, session] of sessions) if (session.userId === userId) sessions.delete(sessionId);
    } else forgetEverything();
  };

  const lost = (error?: Error) => {
    if (!listening && !client) return;
    listening = false;
    heardOwnHello = false;
    clearInterval(heartbeat);
    forgetEverything();
    tellChannels(null);
    const old = client;
    client = null;
    old?.removeAllListeners();
    old?.on('error', () => {});
    void old?.end().catch(() => {});
    if (closed) return;
    if (error) log.warn({ err: error.message }, 'session cache: LISTEN connection lost; checking sessions in the database');
    retry = setTimeout(() => void listen(), RECONNECT_MS);
  };

  async function listen() {
    if (closed) return;
    const next = new pg.Client({ connectionString, application_name: 'session-cache' });
    client = next;
    next.on('notification', onNotification);
    next.on('error', (error) => lost(error));
    next.on('end', () => lost());
    try {
      await next.connect();
      await next.query(`LISTEN ${AUTH_CHANNEL}`);
      for (const channel of channels.keys()) await next.query(`LISTEN ${channel}`);
      if (closed || client !== next) return void next.end().catch(() => {});
      forgetEverything();
      tellChannels(null);
      lastHeard = performance.now();
      listening = true;
      heartbeat = setInterval(() => {
        if (performance.now() - lastHeard > STALE_AFTER_MS * 2) return lost(new Error('no notification for too long'));
        next.query('SELECT pg_notify($1, $2)', [AUTH_CHANNEL, `heartbeat:${nodeId}`]).catch((error: Error) => lost(error));
      }, HEARTBEAT_MS);
      heartbeat.unref();
      await next.query('SELECT pg_notify($1, $2)', [AUTH_CHANNEL, `hello:${nodeId}`]);
    } catch (error) {
      if (client === next) lost(error as Error);
    }
  }
  void listen();

  return {
    get: (sessionId) => (isFresh() ? sessions.get(sessionId) : undefined),
    generation: () => generation,
    set(sessionId, session, seen) {
      if (!isFresh() || seen !== generation) return;
      if (sessions.size >= MAX_ENTRIES) sessions.delete(sessions.keys().next().value!);
      sessions.set(sessionId, session);
    },
    async barrier() {
      if (!listening || !client) return;
      const token = randomUUID();
      const heard = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, BARRIER_TIMEOUT_MS);
        waiting.set(token, {
          pending: null,
          done: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
      try {
        await notify(`b:${token}:${nodeId}`);
        await heard;
      } catch {
        // The connection went away: the cache is empty and unused until it listens again.
      } finally {
        waiting.delete(token);
      }
    },
    onChannel(channel, heard) {
      if (!/^[a-z_]+$/.test(channel) || channel === AUTH_CHANNEL) throw new Error(`not a channel of its own: ${channel}`);
      channels.set(channel, heard);
      // A connection already up (or on its way) listens now; a later one listens in listen().
      void client?.query(`LISTEN ${channel}`).catch(() => {});
    },
    isListening: () => listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      listening = false;
      sessions.clear();
      const old = client;
      client = null;
      old?.removeAllListeners();
      old?.on('error', () => {});
      await old?.end().catch(() => {});
    },
  };
}
