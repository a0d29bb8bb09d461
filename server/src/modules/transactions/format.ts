/** Dates in messages: Nairobi time, e.g. "24 Nov 2026, 14:30". */
export function displayDateTime(date: Date): string {
  return date.toLocaleString('en-GB', {
    timeZone: 'Africa/Nairobi',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function displayDate(date: Date): string {
  return date.toLocaleDateString('en-GB', { timeZone: 'Africa/Nairobi', day: 'numeric', month: 'short', year: 'numeric' });
}
