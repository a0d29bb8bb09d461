/**
 * The Daraja mock, driven by a Daraja client nobody here wrote (`mpesa-node` from npm, pointed at the
 * mock through its `baseURL`) and by the product's own client: it accepts what Daraja accepts (numeric
 * BusinessShortCode, PartyA, Amount) and refuses what Daraja refuses, with Daraja's error bodies.
 */
import Mpesa from 'mpesa-node';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { loadOpenApi } from '../../../test/support/openapi.ts';
import { createDarajaClient, type DarajaConfig } from './daraja-client.ts';
import { issueAccessToken } from './daraja-mock-checks.ts';

const SANDBOX_PHONE = 254708374149;
const HOUR_MS = 3600_000;

let t: TestApp;
let clock = Date.now();
let darajaUrl: string;
let callbackUrl: string;

/** mpesa-node as its README configures it (numbers where Daraja's docs show numbers), aimed at the mock. */
function npmClient(overrides: Record<string, unknown> = {}) {
  const mpesa = new Mpesa({
    consumerKey: t.config.MPESA_CONSUMER_KEY,
    consumerSecret: t.config.MPESA_CONSUMER_SECRET,
    environment: 'sandbox',
    shortCode: 600000,
    initiatorName: 'testapi',
    lipaNaMpesaShortCode: Number(t.config.MPESA_SHORTCODE),
    lipaNaMpesaShortPass: t.config.MPESA_PASSKEY,
    securityCredential: 'Safaricom999!*!',
    certPath: createRequire(import.meta.url).resolve('mpesa-node/keys/sandbox-cert.cer'),
    ...overrides,
  });
  mpesa.baseURL = darajaUrl;
  return mpesa;
}

/** The HTTP answer of a call that axios (inside mpesa-node) rejected. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; data: Record<string, unknown> }> {
  const error = (await call.then(
    () => {
      throw new Error('expected Daraja to refuse');
    },
    (failure: unknown) => failure,
  )) as { response?: { status: number; data: Record<string, unknown> } };
  if (!error.response) throw error;
  return error.response;
}

const darajaError = (errorCode: string, errorMessage: string) => ({ requestId: expect.any(String), errorCode, errorMessage });

function productConfig(overrides: Partial<DarajaConfig> = {}): DarajaConfig {
  return {
    baseUrl: darajaUrl,
    consumerKey: t.config.MPESA_CONSUMER_KEY,
    consumerSecret: t.config.MPESA_CONSUMER_SECRET,
    shortcode: t.config.MPESA_SHORTCODE,
    passkey: t.config.MPESA_PASSKEY,
    b2cShortcode: t.config.MPESA_B2C_SHORTCODE,
    initiatorName: t.config.MPESA_INITIATOR_NAME,
    securityCredential: t.config.MPESA_SECURITY_CREDENTIAL,
    ...overrides,
  };
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(clock) });
  darajaUrl = t.config.MPESA_BASE_URL;
  // Same origin as the server (the mock calls back nowhere else); what answers there does not matter here.
  callbackUrl = `${t.baseUrl}/api/payments/mpesa/callback/not-the-secret`;
});
afterAll(() => t?.close());

describe('the Daraja mock and a third-party Daraja client (mpesa-node)', () => {
  it('takes an STK push with a numeric BusinessShortCode, PartyA and Amount, and answers its query', async () => {
    const mpesa = npmClient();
    const pushed = await mpesa.lipaNaMpesaOnline(SANDBOX_PHONE, 10, callbackUrl, 'ESC7KQ29HDX', 'Escrow pay');
    expect(pushed.status).toBe(200);
    expect(pushed.data).toMatchObject({ ResponseCode: '0', CheckoutRequestID: expect.stringMatching(/^ws_CO_/) });

    const checkoutRequestId = String(pushed.data.CheckoutRequestID);
    await expect
      .poll(async () => (await mpesa.lipaNaMpesaQuery(checkoutRequestId).catch(() => null))?.data.ResultCode, { timeout: 5000 })
      .toBe('0');
  });

  it('takes a B2C payment with numeric parties and amount', async () => {
    const paid = await npmClient().b2c(600000, SANDBOX_PHONE, 100, callbackUrl, callbackUrl, 'BusinessPayment');
    expect(paid.data).toMatchObject({ ResponseCode: '0', ConversationID: expect.any(String) });
  });

  it('refuses wrong consumer credentials and a wrong grant type on /oauth/v1/generate', async () => {
    const wrong = await refusal(npmClient({ consumerSecret: 'not-the-secret' }).oAuth());
    expect(wrong.status).toBe(400);
    expect(wrong.data).toEqual(darajaError('400.008.01', 'Invalid Authentication passed'));

    const basic = Buffer.from(`${t.config.MPESA_CONSUMER_KEY}:${t.config.MPESA_CONSUMER_SECRET}`).toString('base64');
    const grant = await fetch(`${darajaUrl}/oauth/v1/generate?grant_type=password`, { headers: { Authorization: `Basic ${basic}` } });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toEqual(darajaError('400.008.02', 'Invalid grant type passed'));
  });

  it('refuses an unknown TransactionType, an AccountReference over 12 characters and an unknown CommandID', async () => {
    const mpesa = npmClient();
    const buyGoods = await refusal(mpesa.lipaNaMpesaOnline(SANDBOX_PHONE, 10, callbackUrl, 'ESC7KQ29HDX', 'Pay', 'CustomerBuyGoodsOnline'));
    expect(buyGoods.status).toBe(400);
    expect(buyGoods.data).toEqual(darajaError('400.002.02', 'Bad Request - Invalid TransactionType'));

    const longReference = await refusal(mpesa.lipaNaMpesaOnline(SANDBOX_PHONE, 10, callbackUrl, 'ESC-7KQ2-9HDX', 'Pay'));
    expect(longReference.data).toEqual(darajaError('400.002.02', 'Bad Request - Invalid AccountReference'));
    await expect(mpesa.lipaNaMpesaOnline(SANDBOX_PHONE, 10, callbackUrl, 'ESC-7KQ2-9HD', 'Pay')).resolves.toMatchObject({ status: 200 });

    const command = await refusal(mpesa.b2c(600000, SANDBOX_PHONE, 100, callbackUrl, callbackUrl, 'SendMoneyToFriend'));
    expect(command.data).toEqual(darajaError('400.002.02', 'Bad Request - Invalid CommandID'));
  });

  it("answers a Transaction Status query, and refuses a bad one with Daraja's own error body", async () => {
    const mpesa = npmClient();
    const asked = await mpesa.transactionStatus('OEI2AK4Q16', 600000, 4, callbackUrl, callbackUrl);
    expect(asked.data).toMatchObject({ ResponseCode: '0', OriginatorConversationID: expect.any(String) });

    const command = await refusal(mpesa.transactionStatus('OEI2AK4Q16', 600000, 4, callbackUrl, callbackUrl, 'r', 'o', null, 'Nope'));
    expect(command.status).toBe(400);
    expect(command.data).toEqual(darajaError('400.002.02', 'Bad Request - Invalid CommandID'));
    const identifier = await refusal(mpesa.transactionStatus('OEI2AK4Q16', 600000, 9, callbackUrl, callbackUrl));
    expect(identifier.data).toEqual(darajaError('400.002.02', 'Bad Request - Invalid IdentifierType'));
  });

  it('answers 404.001.03 Invalid Access Token to an unknown, forged or expired token on every endpoint but OAuth', async () => {
    const { operations } = await loadOpenApi(t.app);
    const endpoints = operations.filter((operation) => operation.path.startsWith('/mock/daraja/') && !operation.path.includes('/oauth/'));
    expect(endpoints.length).toBeGreaterThanOrEqual(4);
    const tokens = {
      none: undefined,
      unknown: 'Bearer c9SNRQGr5mrSLbFVj8vUUgaHJqvm',
      'signed with another secret': `Bearer ${issueAccessToken('another-consumer-secret', new Date(clock)).access_token}`,
      expired: `Bearer ${issueAccessToken(t.config.MPESA_CONSUMER_SECRET, new Date(clock - HOUR_MS)).access_token}`,
    };
    for (const operation of endpoints) {
      for (const [kind, authorization] of Object.entries(tokens)) {
        const response = await fetch(`${t.baseUrl}${operation.path}`, {
          method: operation.method,
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body: JSON.stringify({ BusinessShortCode: 174379, Amount: 1 }),
        });
        expect(response.status, `${operation.method} ${operation.path} with ${kind} token`).toBe(401);
        expect(await response.json()).toEqual(darajaError('404.001.03', 'Invalid Access Token'));
      }
    }
    const live = (await npmClient().oAuth()).data;
    expect(live.expires_in).toBe('3599');
  });
});

describe("the Daraja mock and the product's own client", () => {
  it('accepts what the product sends for an STK push, its query and a B2C payout', async () => {
    const client = createDarajaClient(productConfig());
    const pushed = await client.stkPush({
      phone: String(SANDBOX_PHONE),
      amount: 1500,
      accountReference: 'ESC7KQ29HDX',
      description: 'Escrow payment for a sofa set',
      callbackUrl,
    });
    expect(pushed.ResponseCode).toBe('0');
    await expect.poll(async () => (await client.stkQuery(pushed.CheckoutRequestID)).ResultCode, { timeout: 5000 }).toBe('0');
    const paid = await client.b2c({
      originatorConversationId: `test-${Date.now()}`,
      phone: String(SANDBOX_PHONE),
      amount: 1000,
      remarks: 'Escrow release',
      resultUrl: callbackUrl,
      timeoutUrl: callbackUrl,
    });
    expect(paid.ResponseCode).toBe('0');
  });

  it('fails loudly with wrong credentials', async () => {
    const client = createDarajaClient(productConfig({ consumerSecret: 'not-the-secret' }));
    await expect(
      client.stkPush({ phone: String(SANDBOX_PHONE), amount: 10, accountReference: 'ESC1', description: 'x', callbackUrl }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('OAuth failed') });
  });

  it('gets a new token and retries once when Daraja says its cached token is no longer valid', async () => {
    const client = createDarajaClient(productConfig());
    const push = () =>
      client.stkPush({ phone: String(SANDBOX_PHONE), amount: 10, accountReference: 'ESC2', description: 'x', callbackUrl });
    expect((await push()).ResponseCode).toBe('0');
    clock += 2 * HOUR_MS; // the token the client cached has expired at Daraja (the client's own timer has not run out)
    try {
      expect((await push()).ResponseCode).toBe('0');
    } finally {
      clock = Date.now();
    }
  });
});
