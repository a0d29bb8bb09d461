import { describe, expect, it } from 'vitest';
import { addNotifications, MAX_NOTIFICATIONS, toneOf, type FeedEvent } from './monitoring-feed';

const event = (n: number, eventType = 'payment_completed'): FeedEvent => ({
  id: `e${n}`,
  transaction_id: `t${n}`,
  reference_number: `ESC-0000-${String(n).padStart(4, '0')}`,
  event_type: eventType,
  type: 'payment',
  description: `event ${n}`,
  timestamp: new Date(Date.UTC(2026, 10, 21, 8, 0, n)).toISOString(),
});

describe('addNotifications', () => {
  it('keeps only the newest 10, newest first', () => {
    const events = Array.from({ length: 15 }, (_, index) => event(index + 1));
    const notifications = addNotifications([], events);
    expect(notifications).toHaveLength(MAX_NOTIFICATIONS);
    expect(notifications[0]!.id).toBe('e15');
    expect(notifications.at(-1)!.id).toBe('e6');
  });

  it('never adds the same event twice', () => {
    const first = addNotifications([], [event(1), event(2)]);
    const second = addNotifications(first, [event(3), event(2)]);
    expect(second.map((notification) => notification.id)).toEqual(['e3', 'e2', 'e1']);
  });

  it('does not bring back what was cleared: the next refresh sends the same latest events', () => {
    const shown = addNotifications([], [event(1), event(2)]);
    const clearedThrough = shown[0]!.timestamp;
    expect(addNotifications([], [event(3), event(2), event(1)], clearedThrough).map((notification) => notification.id)).toEqual(['e3']);
    expect(addNotifications([], [event(2), event(1)], clearedThrough)).toEqual([]);
  });

  it('describes the event', () => {
    const [notification] = addNotifications([], [event(7, 'payment_failed')]);
    expect(notification).toMatchObject({ title: 'ESC-0000-0007 · payment failed', message: 'event 7', transactionId: 't7', tone: 'error' });
  });
});

describe('toneOf', () => {
  it('flags failures and disputes', () => {
    expect(toneOf('payment_failed')).toBe('error');
    expect(toneOf('dispute_initiated')).toBe('warning');
    expect(toneOf('dispute_resolved')).toBe('info');
    expect(toneOf('payment_released')).toBe('success');
    expect(toneOf('transaction_initiated')).toBe('info');
  });
});
