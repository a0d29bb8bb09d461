/**
 * `common.time`: relative times (client/src/hooks/use-relative-time.ts), one form for one, one for more. Only
 * the signed-in pages show them, so in English they load with the whole catalog (../en.ts), not with a
 * visitor's first load.
 */
export const relativeTimes = {
  justNow: 'Just now',
  inAMoment: 'In a moment',
  minuteAgo: '1 minute ago',
  minutesAgo: '{{count}} minutes ago',
  hourAgo: '1 hour ago',
  hoursAgo: '{{count}} hours ago',
  dayAgo: '1 day ago',
  daysAgo: '{{count}} days ago',
  inMinute: 'in 1 minute',
  inMinutes: 'in {{count}} minutes',
  inHour: 'in 1 hour',
  inHours: 'in {{count}} hours',
  inDay: 'in 1 day',
  inDays: 'in {{count}} days',
};
