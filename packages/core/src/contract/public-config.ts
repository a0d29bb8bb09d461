/** `GET /api/config`: what the web client needs to know about this deployment (docs/SECURITY.md "Modes"). */
import { z } from 'zod';
import { envelope, windowHours } from './common.ts';

export const publicConfigResponse = envelope(
  z.object({
    mode: z.enum(['demo', 'production']).meta({
      description: '`demo` while any rail is the built-in mock: no real money moves, and the client shows a ribbon saying so',
    }),
    payment_prompt_seconds: z.number().int().positive().meta({
      description:
        'The longest a payer waits for an answer to a payment prompt: after this many seconds without a callback the server asks the rail (STK_RECONCILE_AFTER_SECONDS), so the page can honestly say how long it may take.',
      example: 90,
    }),
    /** The buyer's inspection window after dispatch per transaction type, shown before paying (docs/adr/0011-standard-and-protected.md). */
    inspection_window_hours: z.object({
      standard: windowHours,
      protected: windowHours,
      lipa_mdogo_mdogo: windowHours,
    }),
  }),
);
export type PublicConfig = z.infer<typeof publicConfigResponse>['data'];
