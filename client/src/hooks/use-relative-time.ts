/**
 * Relative times in the reader's language for the customer area: lib/format.ts decides the unit
 * (docs/product-rules.md §9), the catalogs say it. `inSentence` writes "Just now" as "just now" after a
 * word ("Created just now", "Iliundwa sasa hivi").
 */
import { useCallback } from 'react';
import { useT, type MessageKey } from '@/i18n';
import { relativeTime } from '@/lib/format';

const KEYS = {
  minute: ['minuteAgo', 'minutesAgo', 'inMinute', 'inMinutes'],
  hour: ['hourAgo', 'hoursAgo', 'inHour', 'inHours'],
  day: ['dayAgo', 'daysAgo', 'inDay', 'inDays'],
} as const;

export function useRelativeTime(): (iso: string | null | undefined, options?: { inSentence?: boolean }) => string {
  const { t, language } = useT();
  return useCallback(
    (iso, { inSentence = false } = {}) => {
      const time = relativeTime(iso, new Date(), language);
      if (time.unit === 'unknown') return '—';
      if (time.unit === 'date') return time.date;
      if (time.unit === 'now') {
        const text = t(time.future ? 'common.time.inAMoment' : 'common.time.justNow');
        return inSentence ? text.charAt(0).toLowerCase() + text.slice(1) : text;
      }
      const [agoOne, agoMany, inOne, inMany] = KEYS[time.unit];
      const key = time.future ? (time.count === 1 ? inOne : inMany) : time.count === 1 ? agoOne : agoMany;
      return t(`common.time.${key}` as MessageKey, { count: time.count });
    },
    [t, language],
  );
}
