/**
 * An inspection window in words, the one rule for every screen that names it (the web's forms and pay
 * panel, the USSD type menu, the admin Help page): whole days when the window is a whole number of days,
 * else hours, so an odd window (36 h, 12 h, 1 h) is never rounded to a day the buyer does not have, nor
 * down to "0 days".
 */
export type WindowLanguage = 'en' | 'sw';

/** A window in whole hours, as the API states it (`inspection_window_hours`). */
export const inspectionWindowHours = (seconds: number): number => Math.round(seconds / 3600);

export function inspectionWindowWords(hours: number, language: WindowLanguage): string {
  const inDays = hours > 0 && hours % 24 === 0;
  const count = inDays ? hours / 24 : hours;
  if (language === 'sw') return `${inDays ? 'siku' : 'saa'} ${count}`;
  return `${count} ${inDays ? 'day' : 'hour'}${count === 1 ? '' : 's'}`;
}
