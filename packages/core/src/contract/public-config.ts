/** `GET /api/config`: what the web client needs to know about this deployment (docs/SECURITY.md "Modes"). */
import { z } from 'zod';
import { envelope } from './common.ts';

export const publicConfigResponse = envelope(
  z.object({
    mode: z.enum(['demo', 'production']).meta({
      description: '`demo` while any rail is the built-in mock: no real money moves, and the client shows a ribbon saying so',
    }),
    /** The buyer's inspection window after dispatch per transaction type, shown before paying (docs/adr/0011-standard-and-protected.md). */
    inspection_window_hours: z.object({
      standard: z.number().int(),
      protected: z.number().int(),
      lipa_mdogo_mdogo: z.number().int(),
    }),
  }),
);
export type PublicConfig = z.infer<typeof publicConfigResponse>['data'];
