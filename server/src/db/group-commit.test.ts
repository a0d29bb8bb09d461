/**
 * Group commit's schedule: a call with nothing running goes at once, the calls that come while a group
 * runs go together in the next, and each call is answered on its own.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';

/** A `run` whose groups finish when the test says so. */
function heldRun() {
  const groups: number[][] = [];
  const releases: (() => void)[] = [];
  const run = async (keys: readonly number[]) => {
    groups.push([...keys]);
    await new Promise<void>((resolve) => releases.push(resolve));
    return keys.map((key) => (key < 0 ? new Error(`no ${key}`) : key * 10));
  };
  return { run, groups, releaseNext: () => releases.shift()!() };
}

describe('group commit', () => {
  it('runs a lone call at once, then the calls that came meanwhile as one group, each answered with its own value', async () => {
    const { run, groups, releaseNext } = heldRun();
    const call = groupCommit(run);
    const first = call(1);
    await nextTurn();
    expect(groups).toEqual([[1]]);

    // Arriving in separate turns of the event loop, as separate requests do, while the first runs.
    const later: Promise<number>[] = [];
    for (let key = 2; key <= 6; key++) {
      later.push(call(key));
      await nextTurn();
    }
    expect(groups).toEqual([[1]]);

    releaseNext();
    expect(await first).toBe(10);
    await nextTurn();
    expect(groups).toEqual([[1], [2, 3, 4, 5, 6]]);
    releaseNext();
    expect(await Promise.all(later)).toEqual([20, 30, 40, 50, 60]);
  });

  it('runs one group at a time when more calls wait than one group takes, so two groups never lock the same rows', async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    const sizes: number[] = [];
    const call = groupCommit(async (keys: readonly number[]) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      sizes.push(keys.length);
      await nextTurn();
      inFlight--;
      return [...keys];
    });
    const keys = Array.from({ length: 250 }, (_, index) => index);
    expect(await Promise.all(keys.map((key) => call(key)))).toEqual(keys);
    expect(mostInFlight).toBe(1);
    expect(sizes).toEqual([100, 100, 50]);

    // The same while a group runs: the 250 that come meanwhile still go one group after another.
    mostInFlight = 0;
    sizes.length = 0;
    const first = call(-1);
    await nextTurn();
    const rest = keys.map((key) => call(key));
    expect(await first).toBe(-1);
    expect(await Promise.all(rest)).toEqual(keys);
    expect(mostInFlight).toBe(1);
    expect(sizes).toEqual([1, 100, 100, 50]);
  });

  it('rejects only the call whose answer is an Error, and every call of a group whose run throws', async () => {
    const call = groupCommit(async (keys: readonly number[]) => keys.map((key) => (key < 0 ? new Error(`no ${key}`) : key)));
    const results = await Promise.allSettled([call(1), call(-2), call(3)]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as Error).message))).toEqual([
      1,
      'no -2',
      3,
    ]);

    const failing = groupCommit(async (): Promise<number[]> => {
      throw new Error('database gone');
    });
    const all = await Promise.allSettled([failing(1), failing(2)]);
    expect(all.map((result) => result.status)).toEqual(['rejected', 'rejected']);

    // A failed group does not stop the next.
    const recovering = groupCommit(async (keys: readonly number[]) => {
      if (keys.includes(0)) throw new Error('database gone');
      return [...keys];
    });
    await expect(recovering(0)).rejects.toThrow('database gone');
    expect(await recovering(7)).toBe(7);
  });
});
