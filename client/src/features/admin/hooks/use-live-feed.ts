/**
 * The live feed behind the Monitoring page and the header's bell: admin.latest polled every
 * `refreshInterval` seconds while auto-refresh is on (docs/product-rules.md §9: on, 30 s), its newest events kept as
 * notifications (at most 10, docs/product-rules.md §4).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { trpc } from '@/lib/trpc';
import { useAdminPreferences } from '../admin-preferences';
import { addNotifications, type Notification } from '../monitoring-feed';

/** Spec §9: the latest list holds 20. */
export const LATEST_LIMIT = 20;

interface FeedState {
  notifications: Notification[];
  /** ISO time the admin last opened the bell: newer notifications are unread. */
  seenAt: string | null;
  /** The newest event's time when the admin cleared the list: older events are not shown again. */
  clearedThrough: string | null;
  lastRefresh: string | null;
}

let state: FeedState = { notifications: [], seenAt: null, clearedThrough: null, lastRefresh: null };
const listeners = new Set<() => void>();
function update(change: Partial<FeedState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFeedState(): FeedState & { unread: number; markSeen: () => void; clear: () => void } {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  const unread = current.notifications.filter((notification) => !current.seenAt || notification.timestamp > current.seenAt).length;
  return {
    ...current,
    unread,
    markSeen: () => update({ seenAt: new Date().toISOString() }),
    clear: () =>
      update({
        notifications: [],
        seenAt: new Date().toISOString(),
        clearedThrough: current.notifications[0]?.timestamp ?? current.clearedThrough,
      }),
  };
}

/** latest (transactions + events), polled while auto-refresh is on. */
export function latestQueryOptions(autoRefresh: boolean, intervalSeconds: number) {
  return {
    ...trpc.admin.latest.queryOptions({ limit: LATEST_LIMIT }),
    refetchInterval: autoRefresh ? intervalSeconds * 1000 : (false as const),
    refetchIntervalInBackground: false,
  };
}

/** Mounted once by the admin layout: turns each refresh's events into notifications. */
export function useLiveFeed() {
  const { autoRefresh, refreshInterval } = useAdminPreferences();
  const query = useQuery(latestQueryOptions(autoRefresh, refreshInterval));
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (!data) return;
    update({
      notifications: addNotifications(state.notifications, data.events, state.clearedThrough),
      lastRefresh: new Date(dataUpdatedAt).toISOString(),
    });
  }, [data, dataUpdatedAt]);
  return query;
}
