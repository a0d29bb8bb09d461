/** The job queue that sends payouts: money movements enqueue on it, the payouts module works it. */
export const PAYOUT_QUEUE = 'payouts.send';

/** B2C requests a payout may make (a new request id only after the rail said the last one failed). */
export const MAX_PAYOUT_ATTEMPTS = 3;
