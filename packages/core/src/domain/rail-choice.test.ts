import { describe, expect, it } from 'vitest';
import { payoutRail, RAIL_PREFIXES_TEXT, railForPhone } from './rail-choice.ts';

describe('railForPhone: the rail of a phone by its network prefix, unless the payer chose', () => {
  it.each([
    ['0733123456', 'airtel'],
    ['0750123456', 'airtel'],
    ['0756123456', 'airtel'],
    // Safaricom's end of the 075 block: an Airtel push, or a payout to Airtel Money, would not reach them.
    ['0757123456', 'mpesa'],
    ['0758123456', 'mpesa'],
    ['254759123456', 'mpesa'],
    ['+254789123456', 'airtel'],
    ['254100123456', 'airtel'],
    ['0101 123 456', 'airtel'],
    ['0712345678', 'mpesa'],
    ['0722123456', 'mpesa'],
    ['0740123456', 'mpesa'],
    ['0790123456', 'mpesa'],
    ['0110123456', 'mpesa'],
    ['254711000101', 'mpesa'],
  ] as const)('%s → %s', (phone, rail) => {
    expect(railForPhone(phone)).toBe(rail);
  });

  it('says the prefixes in words', () => {
    expect(RAIL_PREFIXES_TEXT).toBe('073x, 0750–0756, 078x, 010x: Airtel Money; others: M-Pesa');
  });

  it("lets the payer's pick win over the prefix", () => {
    expect(railForPhone('0733123456', 'mpesa')).toBe('mpesa');
    expect(railForPhone('0712345678', 'airtel')).toBe('airtel');
  });
});

describe('payoutRail: which rail pays out', () => {
  it("pays a refund back on the rail its pay-in came through, whatever the phone's prefix", () => {
    expect(payoutRail({ recipientPhone: '254712345678', refundOfPayInOn: 'airtel' })).toBe('airtel');
    expect(payoutRail({ recipientPhone: '254733123456', refundOfPayInOn: 'mpesa' })).toBe('mpesa');
    expect(payoutRail({ recipientPhone: '254733123456', refundOfPayInOn: 'airtel' })).toBe('airtel');
  });

  it("pays a seller, who made no pay-in, on the network of the seller's phone", () => {
    expect(payoutRail({ recipientPhone: '254733123456' })).toBe('airtel');
    expect(payoutRail({ recipientPhone: '254712345678' })).toBe('mpesa');
  });
});
