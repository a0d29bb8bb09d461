import { describe, expect, it } from 'vitest';
import { niceTicks } from './charts';

describe('niceTicks', () => {
  it('uses round steps that cover the maximum', () => {
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(9_500)).toEqual([0, 5_000, 10_000]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});
