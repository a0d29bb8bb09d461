/** The M-Pesa rail as the registry (rails/registry.ts) plugs it in: adapter, callback routes, mock. */
import type { RailModule } from '../rail-module.ts';
import { createDarajaClient } from './daraja-client.ts';
import darajaCallbackRoutes from './daraja-callback-routes.ts';
import { darajaMock } from './daraja-mock.ts';
import { createDarajaRail } from './daraja-rail.ts';

export const mpesaRail: RailModule = {
  name: 'mpesa',
  create: (config) =>
    createDarajaRail(
      createDarajaClient({
        baseUrl: config.MPESA_BASE_URL,
        consumerKey: config.MPESA_CONSUMER_KEY,
        consumerSecret: config.MPESA_CONSUMER_SECRET,
        shortcode: config.MPESA_SHORTCODE,
        passkey: config.MPESA_PASSKEY,
        b2cShortcode: config.MPESA_B2C_SHORTCODE,
        initiatorName: config.MPESA_INITIATOR_NAME,
        securityCredential: config.MPESA_SECURITY_CREDENTIAL,
      }),
      { publicBaseUrl: config.PUBLIC_BASE_URL, callbackSecret: config.MPESA_CALLBACK_SECRET },
    ),
  callbacks: { routes: darajaCallbackRoutes, secret: (config) => config.MPESA_CALLBACK_SECRET },
  mock: {
    prefix: '/mock/daraja',
    mount: (scope, { config, db, now }) =>
      darajaMock(scope, {
        db,
        consumerKey: config.MPESA_CONSUMER_KEY,
        consumerSecret: config.MPESA_CONSUMER_SECRET,
        now,
        shortcode: config.MPESA_SHORTCODE,
        passkey: config.MPESA_PASSKEY,
        delayMs: config.MPESA_MOCK_DELAY_MS,
        timeoutMs: config.MPESA_MOCK_TIMEOUT_MS,
        callbackOrigin: new URL(config.PUBLIC_BASE_URL).origin,
      }),
  },
};
