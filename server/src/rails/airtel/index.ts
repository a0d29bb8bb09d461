/** The Airtel Money rail as the registry (rails/registry.ts) plugs it in: adapter, callback routes, mock. */
import type { RailModule } from '../rail-module.ts';
import { createAirtelClient } from './airtel-client.ts';
import airtelCallbackRoutes from './airtel-callback-routes.ts';
import { airtelMock } from './airtel-mock.ts';
import { createAirtelRail } from './airtel-rail.ts';

/** The path of Airtel's collection callback; the URL registered with Airtel ends with AIRTEL_CALLBACK_SECRET. */
export const airtelCallbackUrl = (config: { PUBLIC_BASE_URL: string; AIRTEL_CALLBACK_SECRET: string }) =>
  `${config.PUBLIC_BASE_URL}/api/payments/airtel/callback/${config.AIRTEL_CALLBACK_SECRET}`;

export const airtelRail: RailModule = {
  name: 'airtel',
  create: (config) =>
    createAirtelRail(
      createAirtelClient({
        baseUrl: config.AIRTEL_BASE_URL,
        clientId: config.AIRTEL_CLIENT_ID,
        clientSecret: config.AIRTEL_CLIENT_SECRET,
        encryptedPin: config.AIRTEL_ENCRYPTED_PIN,
      }),
    ),
  callbacks: { routes: airtelCallbackRoutes, secret: (config) => config.AIRTEL_CALLBACK_SECRET },
  mock: {
    prefix: '/mock/airtel',
    mount: (scope, { config, db, now }) =>
      airtelMock(scope, {
        db,
        clientId: config.AIRTEL_CLIENT_ID,
        clientSecret: config.AIRTEL_CLIENT_SECRET,
        encryptedPin: config.AIRTEL_ENCRYPTED_PIN,
        callbackUrl: airtelCallbackUrl(config),
        now,
        delayMs: config.MPESA_MOCK_DELAY_MS,
        timeoutMs: config.MPESA_MOCK_TIMEOUT_MS,
      }),
  },
};
