import type { Catalog } from '../en';

export const common: Catalog['common'] = {
  language: {
    label: 'Lugha',
    switchTo: 'English',
  },
  /** The ribbon shown while the server runs on its built-in payment and SMS mocks. */
  demoRibbon: 'Majaribio — hakuna pesa halisi inayohamishwa',
  errors: {
    generic: 'Kuna hitilafu. Tafadhali jaribu tena.',
    /** The wait a refusal for too many requests asks for, from its Retry-After (client/src/lib/retry-after.ts). */
    retryInSeconds: 'Muda wa kusubiri: sekunde {{seconds}}.',
    retryInMinutes: 'Muda wa kusubiri: dakika {{minutes}}.',
    retryInOneMinute: 'Muda wa kusubiri: dakika 1.',
  },
  /** Relative times (client/src/hooks/use-relative-time.ts); one form for one, one for more. */
  time: {
    justNow: 'Sasa hivi',
    inAMoment: 'Punde',
    minuteAgo: 'dakika 1 iliyopita',
    minutesAgo: 'dakika {{count}} zilizopita',
    hourAgo: 'saa 1 iliyopita',
    hoursAgo: 'saa {{count}} zilizopita',
    dayAgo: 'siku 1 iliyopita',
    daysAgo: 'siku {{count}} zilizopita',
    inMinute: 'baada ya dakika 1',
    inMinutes: 'baada ya dakika {{count}}',
    inHour: 'baada ya saa 1',
    inHours: 'baada ya saa {{count}}',
    inDay: 'baada ya siku 1',
    inDays: 'baada ya siku {{count}}',
  },
};
