/** The little of the npm Daraja and Africa's Talking clients that the mock tests use (they ship no types). */
declare module 'mpesa-node' {
  interface AxiosLikeResponse<T = Record<string, unknown>> {
    status: number;
    data: T;
  }
  export default class Mpesa {
    constructor(config: Record<string, unknown>);
    baseURL: string;
    lipaNaMpesaOnline(
      senderMsisdn: number | string,
      amount: number | string,
      callbackUrl: string,
      accountRef: string,
      transactionDesc?: string,
      transactionType?: string,
    ): Promise<AxiosLikeResponse>;
    lipaNaMpesaQuery(checkoutRequestId: string): Promise<AxiosLikeResponse>;
    b2c(
      senderParty: number | string,
      receiverParty: number | string,
      amount: number | string,
      queueUrl: string,
      resultUrl: string,
      commandId?: string,
      initiatorName?: string,
      remarks?: string,
      occasion?: string,
    ): Promise<AxiosLikeResponse>;
    transactionStatus(
      transactionId: string,
      receiverParty: number | string,
      idType: number | string,
      queueUrl: string,
      resultUrl: string,
      remarks?: string,
      occasion?: string,
      initiator?: string | null,
      commandId?: string,
    ): Promise<AxiosLikeResponse>;
    oAuth(): Promise<AxiosLikeResponse<{ access_token: string; expires_in: string }>>;
  }
}

declare module 'africastalking' {
  interface SmsRecipient {
    statusCode: number;
    number: string;
    status: string;
    cost: string;
    messageId: string;
  }
  interface AfricasTalkingSdk {
    SMS: {
      send(options: { to: string | string[]; message: string; from?: string }): Promise<{
        SMSMessageData: { Message: string; Recipients: SmsRecipient[] };
      }>;
    };
  }
  export default function AfricasTalking(options: { username: string; apiKey: string }): AfricasTalkingSdk;
}

declare module 'africastalking/lib/common.js' {
  const endpoints: { SMS_URL: string; CONTENT_URL: string };
  export default endpoints;
}
