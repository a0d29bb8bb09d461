/**
 * One simulated USSD session: `dial()` opens it with a new session id, `reply()` sends the next input
 * (the request carries the whole `*`-joined history, as the gateway's does), `hangUp()` forgets it.
 */
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useT } from '@/i18n';
import { localizeCustomerMessage } from '@/i18n/customer-messages';
import { withRetryAfter } from '@/lib/retry-after';
import { ApiError } from '@/lib/api';
import { newUssdSessionId, sendUssdRequest, type UssdScreen } from '../api/ussd-api';

export type UssdSessionStatus = 'idle' | 'open' | 'ended';

interface ActiveSession {
  id: string;
  phoneNumber: string;
  inputs: string[];
}

export function useUssdSession() {
  const session = useRef<ActiveSession | null>(null);
  const [screen, setScreen] = useState<UssdScreen | null>(null);
  const [status, setStatus] = useState<UssdSessionStatus>('idle');
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({ mutationFn: sendUssdRequest });
  const { t, language } = useT();

  async function exchange(active: ActiveSession, inputs: string[]) {
    setError(null);
    try {
      const answer = await mutation.mutateAsync({ sessionId: active.id, phoneNumber: active.phoneNumber, text: inputs.join('*') });
      // A hang-up or a new dial while waiting makes this answer stale.
      if (session.current !== active) return;
      active.inputs = inputs;
      setScreen(answer);
      setStatus(answer.kind === 'CON' ? 'open' : 'ended');
    } catch (caught) {
      if (session.current !== active) return;
      // The server's message in the page's language when the catalog knows it (a rate limit, no connection),
      // with the wait a refusal for too many requests asks for.
      setError(
        caught instanceof ApiError
          ? withRetryAfter(caught, localizeCustomerMessage(caught.message, language), language)
          : t('public.ussdSimulator.phone.noAnswer'),
      );
      if (inputs.length === 0) {
        session.current = null;
        setStatus('idle');
      }
    }
  }

  return {
    screen,
    status,
    error,
    isWaiting: mutation.isPending,
    dial(phoneNumber: string) {
      const active = { id: newUssdSessionId(), phoneNumber: phoneNumber.trim(), inputs: [] };
      session.current = active;
      setScreen(null);
      return exchange(active, []);
    },
    reply(input: string) {
      const active = session.current;
      if (!active || status !== 'open') return Promise.resolve();
      return exchange(active, [...active.inputs, input]);
    },
    hangUp() {
      session.current = null;
      setScreen(null);
      setError(null);
      setStatus('idle');
    },
  };
}
