/**
 * The Africa's Talking mock, driven by the official `africastalking` npm SDK and by the product's own
 * gateway client. The SDK has no base-URL option: its endpoints are module-level values in
 * `africastalking/lib/common.js`, read at each call, so the test points them at the mock after
 * creating the SDK (creating it resets them to Africa's Talking's hosts).
 */
import AfricasTalking from 'africastalking';
import endpoints from 'africastalking/lib/common.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { createSmsGateway } from './africastalking-client.ts';

let t: TestApp;

function officialSdk(apiKey: string) {
  const sdk = AfricasTalking({ username: t.config.SMS_USERNAME, apiKey });
  endpoints.SMS_URL = `${t.config.SMS_BASE_URL}/version1/messaging`;
  endpoints.CONTENT_URL = `${t.config.SMS_BASE_URL}/version1`;
  return sdk;
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe("the Africa's Talking mock", () => {
  it('sends an SMS for the official SDK and keeps it for the handset', async () => {
    const to = `+${randomPhone()}`;
    const sent = await officialSdk(t.config.SMS_API_KEY).SMS.send({ to: [to], message: 'Your code is 123456', from: 'ESCROW' });
    expect(sent.SMSMessageData.Recipients).toEqual([
      { statusCode: 101, number: to, status: 'Success', cost: 'KES 0.8000', messageId: expect.stringMatching(/^ATXid_/) },
    ]);
    const delivered = await t.ctx.db.mockSmsDelivery.findFirstOrThrow({ where: { to } });
    expect(delivered).toMatchObject({
      message: 'Your code is 123456',
      from: 'ESCROW',
      messageId: sent.SMSMessageData.Recipients[0]!.messageId,
    });
  });

  it('refuses the official SDK with a wrong API key', async () => {
    const refused = await officialSdk('not-the-api-key')
      .SMS.send({ to: [`+${randomPhone()}`], message: 'hello' })
      .then(
        () => null,
        (error: { response?: { status: number } }) => error.response?.status,
      );
    expect(refused).toBe(401);
  });

  it("takes what the product's own gateway client sends", async () => {
    const gateway = createSmsGateway({
      baseUrl: t.config.SMS_BASE_URL,
      username: t.config.SMS_USERNAME,
      apiKey: t.config.SMS_API_KEY,
      senderId: t.config.SMS_SENDER_ID,
    });
    const phone = randomPhone();
    await gateway.send(phone, 'Escrow ESC-7KQ2-9HDX is funded');
    await expect(t.ctx.db.mockSmsDelivery.findFirstOrThrow({ where: { to: `+${phone}` } })).resolves.toMatchObject({
      message: 'Escrow ESC-7KQ2-9HDX is funded',
    });
  });
});
