import { describe, expect, it } from 'vitest';
import { dispatchedMeaning } from './help';

describe("the Help Center's dispatched status", () => {
  it("names each type's inspection window from the deployment's config: Protected Escrow's is longer", () => {
    expect(dispatchedMeaning({ standard: 72, protected: 168, lipa_mdogo_mdogo: 72 })).toBe(
      'The seller dispatched; the buyer inspects (3 days for Standard Escrow, 7 days for Protected Escrow, 3 days for Lipa Mdogo Mdogo), then it releases by itself.',
    );
    expect(dispatchedMeaning({ standard: 1, protected: 24, lipa_mdogo_mdogo: 36 })).toContain(
      '1 hour for Standard Escrow, 1 day for Protected Escrow, 36 hours for Lipa Mdogo Mdogo',
    );
  });

  it('names no figure before the config has come', () => {
    expect(dispatchedMeaning(undefined)).not.toMatch(/\d/);
  });
});
