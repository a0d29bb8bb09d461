/** Texts shared by every area: the language switch, generic errors. */
export const common = {
  language: {
    label: 'Language',
    switchTo: 'Kiswahili',
  },
  /** The ribbon shown while the server runs on its built-in payment and SMS mocks. */
  demoRibbon: 'Demo — no real money moves',
  errors: {
    generic: 'Something went wrong. Please try again.',
    /** The wait a refusal for too many requests asks for, from its Retry-After (client/src/lib/retry-after.ts). */
    retryInSeconds: 'Wait time: {{seconds}} seconds.',
    retryInMinutes: 'Wait time: {{minutes}} minutes.',
    retryInOneMinute: 'Wait time: 1 minute.',
  },
  /** Relative times (client/src/hooks/use-relative-time.ts); one form for one, one for more. */
  time: {
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
  },
};
