/**
 * A client for Africa's Talking's SMS API (POST /version1/messaging, form-encoded, `apiKey` header).
 * SMS_BASE_URL points by default at this server's mock (rails/sms/africastalking-mock.ts).
 */
import { RailError, railFetch } from '../http.ts';

export interface SmsGatewayConfig {
  baseUrl: string;
  username: string;
  apiKey: string;
  senderId?: string;
}

export interface SmsRecipientResult {
  statusCode: number;
  number: string;
  status: string;
  cost: string;
  messageId: string;
}

export interface SmsGateway {
  /** Sends one message to one number (254… form); resolves with the gateway's result for it. */
  send(phone: string, message: string): Promise<SmsRecipientResult>;
}

interface SendResponse {
  SMSMessageData?: { Message: string; Recipients: SmsRecipientResult[] };
}

export function createSmsGateway(config: SmsGatewayConfig): SmsGateway {
  return {
    async send(phone, message) {
      const { status, body } = await railFetch<SendResponse>(`${config.baseUrl}/version1/messaging`, {
        headers: { apiKey: config.apiKey },
        form: {
          username: config.username,
          to: `+${phone}`,
          message,
          ...(config.senderId ? { from: config.senderId } : {}),
        },
      });
      const recipient = body?.SMSMessageData?.Recipients?.[0];
      if (status >= 300 || !recipient) throw new RailError(`SMS gateway answered ${status}`, status, body);
      // 100 Processed, 101 Sent, 102 Queued are accepted; anything else failed for this number.
      if (![100, 101, 102].includes(recipient.statusCode)) {
        throw new RailError(`SMS to ${phone} rejected: ${recipient.status}`, status, body);
      }
      return recipient;
    },
  };
}
