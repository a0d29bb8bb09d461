/**
 * One production deployment on the real rails (Daraja, Airtel Money, Africa's Talking), with every
 * setting docs/SECURITY.md's production checklist names, that `productionRefusals` accepts as it is.
 * Tests take away or change the settings they are about. Two shapes of the same deployment: the app's
 * environment, and the shell variables `docker compose` substitutes into docker-compose.yml (which sets
 * NODE_ENV itself and builds DATABASE_URL from POSTGRES_PASSWORD).
 */
const secret = (letter: string) => letter.repeat(40);

const POSTGRES_PASSWORD = 'pg-password';

/** The app's environment. */
export const PRODUCTION_ENV = Object.freeze({
  NODE_ENV: 'production',
  DATABASE_URL: `postgresql://escrow:${POSTGRES_PASSWORD}@db.internal:5432/escrow`,
  JWT_SECRET: secret('j'),
  ADMIN_PHONE: '0722000111',
  ADMIN_PASSWORD: 'Real-admin-passphrase-1',
  PUBLIC_BASE_URL: 'https://pay.example.co.ke',
  MPESA_BASE_URL: 'https://api.safaricom.co.ke',
  MPESA_CONSUMER_KEY: 'live-key',
  MPESA_CONSUMER_SECRET: 'live-secret',
  MPESA_PASSKEY: 'live-passkey',
  MPESA_SECURITY_CREDENTIAL: 'live-credential',
  MPESA_SHORTCODE: '123456',
  MPESA_B2C_SHORTCODE: '654321',
  MPESA_INITIATOR_NAME: 'escrow-initiator',
  MPESA_CALLBACK_SECRET: secret('m'),
  AIRTEL_BASE_URL: 'https://openapi.airtel.africa',
  AIRTEL_CLIENT_ID: 'live-airtel-id',
  AIRTEL_CLIENT_SECRET: 'live-airtel-secret',
  AIRTEL_ENCRYPTED_PIN: 'live-encrypted-pin',
  AIRTEL_CALLBACK_SECRET: secret('a'),
  SMS_BASE_URL: 'https://api.africastalking.com',
  SMS_USERNAME: 'escrow',
  SMS_API_KEY: 'live-sms-key',
  SMS_SENDER_ID: 'ESCROWKE',
  AT_CALLBACK_SECRET: secret('t'),
  GATEWAY_ALLOWED_IPS: '196.201.214.0/24',
  TRUST_PROXY: '1',
  METRICS_TOKEN: secret('x'),
  CORS_ORIGINS: 'https://shop.example.co.ke',
  LOG_LEVEL: 'warn',
});

/** The same deployment as the shell variables of `docker compose up` (compose sets NODE_ENV and DATABASE_URL). */
export function productionComposeShell(): Record<string, string> {
  const { NODE_ENV: _nodeEnv, DATABASE_URL: _databaseUrl, ...settings } = PRODUCTION_ENV;
  return { POSTGRES_PASSWORD, ...settings };
}
