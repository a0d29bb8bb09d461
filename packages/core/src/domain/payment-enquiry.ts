/**
 * How long the platform asks a rail about a payment no callback has settled, and what it is once every
 * enquiry has gone unanswered: "unconfirmed", whether money was taken unknown until someone reads the
 * rail's statement (the server's reconcile-payment.ts raises it in admin Alerts; an admin closes it).
 */

/** Enquiries the rail gets about one payment (the job queue's backoff spreads them over about a day). */
export const RECONCILE_MAX_ATTEMPTS = 12;

/** A payment every enquiry left pending. The server's Alerts query says the same in SQL (`reconcile_attempts`). */
export const isUnconfirmedPayment = (payment: { status: string; reconcileAttempts: number }) =>
  payment.status === 'pending' && payment.reconcileAttempts >= RECONCILE_MAX_ATTEMPTS;
