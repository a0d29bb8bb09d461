import { describe, expect, it } from 'vitest';
import { parseCorsOrigins } from './cors.ts';

describe('parseCorsOrigins', () => {
  it('reads a comma-separated list of exact origins', () => {
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(parseCorsOrigins(' ')).toEqual([]);
    expect(parseCorsOrigins('https://shop.example.co.ke, http://localhost:5173/')).toEqual([
      'https://shop.example.co.ke',
      'http://localhost:5173',
    ]);
  });

  it('refuses anything that is not a bare origin', () => {
    expect(() => parseCorsOrigins('*')).toThrow(/CORS_ORIGINS/);
    expect(() => parseCorsOrigins('https://shop.example.co.ke/path')).toThrow(/not an origin/);
    expect(() => parseCorsOrigins('shop.example.co.ke')).toThrow(/not an origin/);
  });
});
