/**
 * The Monitoring page's live feed (docs/product-rules.md §4 "Monitoring state"): each refresh's newest events become
 * notifications, newest first, never more than 10, never the same event twice.
 */
export const MAX_NOTIFICATIONS = 10;

export interface FeedEvent {
  id: string;
  transaction_id: string;
  reference_number: string;
  event_type: string;
  type: string;
  description: string;
  timestamp: string;
}

export interface Notification {
  id: string;
  /** When the event happened (ISO). */
  timestamp: string;
  title: string;
  message: string;
  transactionId: string;
  tone: 'info' | 'success' | 'warning' | 'error';
}

/** How loud an event is: failures and disputes need eyes, completions are good news. */
export function toneOf(eventType: string): Notification['tone'] {
  if (/failed|dispute|missed/.test(eventType))
    return eventType.includes('resolved') ? 'info' : eventType.includes('dispute') ? 'warning' : 'error';
  if (/completed|released|confirmed|paid|funded/.test(eventType)) return 'success';
  return 'info';
}

export function toNotification(event: FeedEvent): Notification {
  return {
    id: event.id,
    timestamp: event.timestamp,
    title: `${event.reference_number} · ${event.event_type.replaceAll('_', ' ')}`,
    message: event.description,
    transactionId: event.transaction_id,
    tone: toneOf(event.event_type),
  };
}

/**
 * Adds the events not seen yet, keeps the newest MAX_NOTIFICATIONS, newest first. Events at or before
 * `clearedThrough` (the newest event's time when the list was cleared) stay out: each refresh sends the
 * latest events again, and a cleared list would otherwise fill up with them at the next one.
 */
export function addNotifications(current: Notification[], events: FeedEvent[], clearedThrough: string | null = null): Notification[] {
  const seen = new Set(current.map((notification) => notification.id));
  const fresh = events
    .filter((event) => !seen.has(event.id) && (clearedThrough === null || event.timestamp > clearedThrough))
    .map(toNotification);
  return [...fresh, ...current].sort((a, b) => b.timestamp.localeCompare(a.timestamp)).slice(0, MAX_NOTIFICATIONS);
}
