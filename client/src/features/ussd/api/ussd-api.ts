/**
 * POST /api/ussd/simulator (the demo twin of Africa's Talking's callback): form-encoded, answered in text/plain with `CON …` or
 * `END …`. The simulator sends exactly what the gateway would, so it exercises the real endpoint.
 */
import { USSD_SERVICE_CODE } from '@escrow/core/contract/ussd';
import { answerWithoutMessage, ApiError } from '@/lib/api';

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
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 0, 'NETWORK');
  }
  const raw = await response.text();
  if (!response.ok) {
    const envelope = parseEnvelope(raw);
    throw new ApiError(
      envelope?.message ?? answerWithoutMessage(response.status),
      response.status,
      envelope?.code ?? 'UNKNOWN',
      envelope?.errors,
    );
  }
  const match = /^(CON|END) ([\s\S]*)$/.exec(raw);
  if (!match) throw new ApiError('The USSD service gave an answer the phone cannot show.', response.status, 'UNKNOWN');
  return { kind: match[1] as UssdScreen['kind'], text: match[2]! };
}

interface ErrorEnvelope {
  message?: string;
  code?: string;
  errors?: Record<string, string[]>;
}

function parseEnvelope(raw: string): ErrorEnvelope | null {
  try {
    return JSON.parse(raw) as ErrorEnvelope;
  } catch {
    return null;
  }
}

/** A fresh session id per dial, like the gateway's; works outside secure contexts too. */
export function newUssdSessionId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `SIM_${random.replaceAll('-', '')}`;
}
