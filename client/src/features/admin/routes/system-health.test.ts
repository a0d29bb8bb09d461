import { describe, expect, it } from 'vitest';
import { jobQueueLines } from './system-health';

describe('the job queue on System Health', () => {
  it('shows jobs due now apart from jobs scheduled ahead', () => {
    // An idle system with auto-releases and reminders waiting for their day: nothing is backed up.
    const lines = jobQueueLines({ queued: 0, scheduled: 42, running: 1, failed: 0, oldest_due_seconds: 0 });
    // Was one "Queued" line counting the 42 jobs ahead.
    expect(lines).toEqual([
      { label: 'Queued now', value: 0 },
      { label: 'Scheduled ahead', value: 42 },
      { label: 'Running', value: 1 },
      { label: 'Failed', value: 0, isBad: false },
      { label: 'Oldest waiting', value: '0 s' },
    ]);
  });
});
