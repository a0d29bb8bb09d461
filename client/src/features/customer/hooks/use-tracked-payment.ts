/**
 * The payment being watched on a transaction's page. Kept in session storage so that a reload while
 * M-Pesa is still waiting for the PIN picks the live status up again.
 */
import { useCallback, useState } from 'react';

const storageKey = (transactionId: string) => `escrow:payment:${transactionId}`;

function read(transactionId: string): string | null {
  try {
    return sessionStorage.getItem(storageKey(transactionId));
  } catch {
    return null;
  }
}

export function useTrackedPayment(transactionId: string) {
  const [paymentId, setPaymentId] = useState<string | null>(() => read(transactionId));
  const track = useCallback(
    (id: string | null) => {
      try {
        if (id) sessionStorage.setItem(storageKey(transactionId), id);
        else sessionStorage.removeItem(storageKey(transactionId));
      } catch {
        // Storage disabled: the status is still shown until the page is left.
      }
      setPaymentId(id);
    },
    [transactionId],
  );
  return [paymentId, track] as const;
}
