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
  /(\/api\/(?:ussd|sms\/delivery-report|payments\/[a-z0-9-]+\/(?:[a-z0-9-]+\/)*(?:callback|result|timeout))\/)(?!simulator(?:[/?#"]|$))[^/?#\s"'\\]+/gi;
/** Query parameters that carry credentials or one-time codes. */
const SECRET_QUERY = /([?&](?:token|code|password|pin|secret|api_?key|access_token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, `$1${REDACTED}`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** Replaces every occurrence of the given secrets (and the secret URL segments) in `text`. */
export function secretScrubber(secrets: readonly string[]): (text: string) => string {
  const words = [...new Set(secrets.filter((secret) => secret.length >= 8))].sort((a, b) => b.length - a.length);
  return (text) => {
    let scrubbed = redactUrl(text);
    for (const secret of words) if (scrubbed.includes(secret)) scrubbed = scrubbed.replaceAll(secret, REDACTED);
    return scrubbed;
  };
}

export interface LineStream {
  write(line: string): unknown;
}

/** A pino destination that scrubs each line before passing it on. */
export function scrubbingStream(secrets: readonly string[], target: LineStream): LineStream {
  const scrub = secretScrubber(secrets);
  return { write: (line: string) => target.write(scrub(line)) };
}
