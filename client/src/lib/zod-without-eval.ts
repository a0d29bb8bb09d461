/**
 * `zod` as the browser bundle sees it (client/vite.config.ts aliases the bare import here): zod 4
 * probes `new Function` to compile fast parsers, which the content security policy (no
 * 'unsafe-eval') reports as a violation on every page that validates a form. Its interpreted parsers
 * are fast enough for forms.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
