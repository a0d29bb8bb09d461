/** `GET /api/config`: what the web client needs to know about this deployment (docs/SECURITY.md "Modes"). */
import { z } from 'zod';
import { envelope } from './common.ts';

export const publicConfigResponse = envelope(
  z.object({
    mode: z.enum(['demo', 'production']).meta({
      description: '`demo` while any rail is the built-in mock: no real money moves, and the client shows a ribbon saying so',
    }),
  }),
);
export type PublicConfig = z.infer<typeof publicConfigResponse>['data'];
