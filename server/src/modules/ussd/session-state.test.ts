import { describe, expect, it } from 'vitest';
import { currentScreen, decodeSessionState, newSessionState, SCREEN_FIELDS, SCREEN_IDS, type SessionState } from './session-state.ts';

const buying: SessionState = {
  stack: ['home', 'buy_seller', 'buy_item', 'buy_type', 'buy_amount', 'buy_confirm'],
  draft: { page: 1, sellerPhone: '254722000111', item: 'Bicycle', type: 'standard', amount: '650000' },
  consumed: 6,
  lastText: '1*0722000111*Bicycle*1*6500',
  lastReply: 'CON Confirm escrow:…',
  pinProven: true,
  firstPinProof: null,
  codeSent: false,
};

describe('USSD session state codec', () => {
  it('reads back what it stored, through JSON as the database keeps it', () => {
    expect(decodeSessionState(JSON.parse(JSON.stringify(buying)))).toEqual(buying);
    expect(decodeSessionState(JSON.parse(JSON.stringify(newSessionState(3))))).toEqual(newSessionState(3));
    const ended = { stack: [], draft: {}, consumed: 2, lastText: '1*2', lastReply: 'END Bye', ended: true };
    expect(decodeSessionState(ended)).toEqual(ended);
  });

  it.each([
    ['nothing', undefined],
    ['an empty object (a wiped session)', {}],
    ['an unknown screen', { ...buying, stack: ['home', 'buy_crypto'] }],
    ['an older release: string page and comma-joined ids', { ...buying, draft: { page: '1', ids: 'a,b,c' } }],
    ['a transaction type that does not exist', { ...buying, draft: { ...buying.draft, type: 'layaway' } }],
    ['an amount that is not whole cents', { ...buying, draft: { ...buying.draft, amount: '65.00' } }],
    ['a negative count of consumed inputs', { ...buying, consumed: -1 }],
    ['an array', [buying]],
    ['a string', JSON.stringify(buying)],
  ])('reads %s as no session (the caller starts at home)', (_name, stored) => {
    expect(decodeSessionState(stored)).toBeNull();
  });

  it('drops fields it does not know instead of keeping them', () => {
    const decoded = decodeSessionState({ ...buying, draft: { ...buying.draft, pin: '2468' }, extra: 1 });
    expect(decoded?.draft).toEqual(buying.draft);
    expect(decoded).not.toHaveProperty('extra');
  });
});

describe('the screen on top of the stack', () => {
  it('comes with exactly the fields it needs, typed', () => {
    const current = currentScreen(buying);
    expect(current).toEqual({
      screen: 'buy_confirm',
      data: { sellerPhone: '254722000111', item: 'Bicycle', type: 'standard', amount: '650000' },
    });
    expect(currentScreen({ stack: ['home', 'list'], draft: { page: 2, ids: ['a'] } })).toEqual({ screen: 'list', data: { page: 2 } });
  });

  it('is null when the draft lacks a field the screen needs', () => {
    expect(currentScreen({ ...buying, draft: { ...buying.draft, amount: undefined } })).toBeNull();
    expect(currentScreen({ stack: ['home', 'confirm_release'], draft: {} })).toBeNull();
    expect(currentScreen({ stack: ['home', 'unlock'], draft: { after: 'buy_seller' as never } })).toBeNull();
  });

  it('is home on an empty stack, and every screen can be read', () => {
    expect(currentScreen({ stack: [], draft: {} })).toEqual({ screen: 'home', data: {} });
    expect(SCREEN_IDS).toEqual(Object.keys(SCREEN_FIELDS));
    expect(SCREEN_IDS.length).toBeGreaterThan(40);
  });
});
