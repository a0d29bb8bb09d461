/** The job queue that sends payouts: money movements enqueue on it, the payouts module works it. */
export const PAYOUT_QUEUE = 'payouts.send';
