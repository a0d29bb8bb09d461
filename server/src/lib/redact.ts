/**
 * Keeps secrets out of logs (docs/SECURITY.md "Secrets"): callback URLs carry a secret path segment, so
 * every request URL is logged with those segments replaced by `***`, and every log line is scrubbed of
 * the configured secrets wherever else they might appear (mock logs, job errors, fetch failures).
 */

export const REDACTED = '***';

/**
 * Paths whose segment after the prefix is a shared secret (the USSD simulator's path is not one). The
 * segment ends at a quote or a space too, so scrubbing a whole JSON log line never eats past the URL.
 */
const SECRET_SEGMENT =
  /(\/api\/(?:ussd|sms\/delivery-report|payments\/[a-z0-9-]+\/(?:[a-z0-9-]+\/)*(?:callback|result|timeout))\/)(?!simulator(?:[/?#"]|$))[^/?#\s"'\\]+/
    .source;
/** Query parameters that carry credentials or one-time codes; the value ends where the segment's does. */
const SECRET_QUERY = /([?&](?:token|code|password|pin|secret|api_?key|access_token)=)[^&#\s"'\\]*/.source;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces every occurrence of the given secrets and of the secret URL parts in `text`. One regular
 * expression, one pass over the text: a log line is scrubbed once however many secrets there are (each
 * `includes` + `replaceAll` of its own cost more than the rest of the line's work). Secrets are matched
 * whatever their case: a case variant is redacted too, which loses nothing.
 */
export function secretScrubber(secrets: readonly string[]): (text: string) => string {
  // Longest first, so a secret that contains another is replaced whole.
  const words = [...new Set(secrets.filter((secret) => secret.length >= 8))].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const source = [SECRET_SEGMENT, SECRET_QUERY, ...words].join('|');
  // `test` first: most lines hold nothing to replace, and a failed test costs less than a replace.
  const probe = new RegExp(source, 'i');
  const everywhere = new RegExp(source, 'gi');
  // $1 / $2: the prefix kept by a URL part (an unmatched group is replaced by nothing).
  return (text) => (probe.test(text) ? text.replace(everywhere, `$1$2${REDACTED}`) : text);
}

/** A URL with its secret segment and secret query values replaced by `***`. */
export const redactUrl = secretScrubber([]);

export interface LineStream {
  write(line: string): unknown;
}

/**
 * A pino destination that scrubs each line before passing it on: the one place log lines are redacted
 * (request URLs included), so each line is scanned once.
 */
export function scrubbingStream(secrets: readonly string[], target: LineStream): LineStream {
  const scrub = secretScrubber(secrets);
  return { write: (line: string) => target.write(scrub(line)) };
}
