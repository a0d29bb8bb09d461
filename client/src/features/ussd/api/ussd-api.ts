/**
 * POST /api/ussd/simulator (the demo twin of Africa's Talking's callback): form-encoded, answered in text/plain with `CON …` or
 * `END …`. The simulator sends exactly what the gateway would, so it exercises the real endpoint.
 */
import { USSD_SERVICE_CODE } from '@escrow/core/contract/ussd';
import { authMessages } from '@/i18n/en/auth-messages';
import { ApiError, failure, type ErrorBody } from '@/lib/api';

export interface UssdScreen {
  /** CON: the session waits for a reply; END: it is over. */
  kind: 'CON' | 'END';
  text: string;
}

export interface UssdRequest {
  sessionId: string;
  phoneNumber: string;
  /** Every input of the session so far, joined with `*` ("" when dialling). */
  text: string;
}

/** Safaricom's network code, as the gateway reports it. */
const NETWORK_CODE = '63902';

export async function sendUssdRequest(request: UssdRequest): Promise<UssdScreen> {
  const body = new URLSearchParams({
    sessionId: request.sessionId,
    serviceCode: USSD_SERVICE_CODE,
    phoneNumber: request.phoneNumber,
    networkCode: NETWORK_CODE,
    text: request.text,
  });
  let response: Response;
  try {
    response = await fetch('/api/ussd/simulator', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/plain' },
      body,
    });
  } catch {
    throw new ApiError(authMessages.offline, 0, 'NETWORK');
  }
  const raw = await response.text();
  // A refusal is worded as every other call's (lib/api.ts): the envelope's, else a proxy's status said plainly.
  if (!response.ok) throw failure(response, parseEnvelope(raw), { hadToken: false });
  const match = /^(CON|END) ([\s\S]*)$/.exec(raw);
  if (!match) throw new ApiError('The USSD service gave an answer the phone cannot show.', response.status, 'UNKNOWN');
  return { kind: match[1] as UssdScreen['kind'], text: match[2]! };
}

function parseEnvelope(raw: string): ErrorBody | null {
  try {
    return JSON.parse(raw) as ErrorBody;
  } catch {
    return null;
  }
}

/** A fresh session id per dial, like the gateway's; works outside secure contexts too. */
export function newUssdSessionId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `SIM_${random.replaceAll('-', '')}`;
}
