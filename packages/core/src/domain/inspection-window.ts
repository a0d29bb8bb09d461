/**
 * An inspection window in words, the one rule for every screen that names it (the web's forms and pay
 * panel, the USSD type menu, the admin Help page): whole days when the window is a whole number of days,
 * else hours, and minutes under an hour, so an odd window (36 h, 12 h, 1 h, 20 min) is never rounded to a
 * day or an hour the buyer does not have, nor down to "0 days" or "0 hours".
 */
export type WindowLanguage = 'en' | 'sw';

/**
 * A window in hours, as the API states it (`inspection_window_hours`): whole hours from an hour up; under an
 * hour, to the minute, as a fraction of an hour (20 minutes: 1/3), so a short window is not stated as 0 hours.
 * Rounded down: a buyer told "2 hours" of a 90-minute window would lose the escrow to auto-release while
 * still inside the time they were given; told "1 hour", they have more than they were told. (A window under
 * a minute, which only tests set, is stated as 0.)
 */
export const inspectionWindowHours = (seconds: number): number =>
  seconds >= 3600 ? Math.floor(seconds / 3600) : Math.floor(seconds / 60) / 60;

/** `hours`: the window as inspectionWindowHours states it. */
export function inspectionWindowWords(hours: number, language: WindowLanguage): string {
  const minutes = Math.round(hours * 60);
  if (minutes < 60) return language === 'sw' ? `dakika ${minutes}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const whole = Math.max(1, hours);
  const inDays = whole % 24 === 0;
  const count = inDays ? whole / 24 : whole;
  if (language === 'sw') return `${inDays ? 'siku' : 'saa'} ${count}`;
  return `${count} ${inDays ? 'day' : 'hour'}${count === 1 ? '' : 's'}`;
}
