/**
 * One-time codes stay with their owner: the SMS outbox screen never shows a verification or reset
 * code (a caller posing as the customer could otherwise talk an admin into reading it out).
 */
export function maskCodes(template: string, message: string): string {
  return /code|otp|password|reset/i.test(template) ? message.replace(/\b\d{4,8}\b/g, '••••••') : message;
}
