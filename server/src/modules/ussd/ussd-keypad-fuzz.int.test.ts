/**
 * Whatever is typed, and whatever the session row holds, *384*40# answers with a screen: never an error,
 * never the apology for a crash, never more than 182 characters (the test client checks every answer;
 * outside production a longer screen fails the request).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, randomPhone, type MadeUser } from '../../../test/factories.ts';
import { createTransaction, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { firstLine, giveUssdPin, M, phoneSession, TEST_PIN } from './test/ussd-client.ts';

let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
beforeAll(async () => {
  t = await buildTestApp();
  buyer = await makeUser(t.app, { userType: 'buyer', firstName: 'Achieng' });
  seller = await makeUser(t.app, { userType: 'seller', firstName: 'Baraka' });
  await giveUssdPin(t, buyer.id, 'en');
  await giveUssdPin(t, seller.id, 'sw');
  // Something to list, release, dispatch, pay and dispute.
  const funded = await createTransaction(t, buyer, {
    seller_phone: seller.phone,
    amount: 2500,
    product_name: 'Radio',
    transaction_type: 'standard',
  });
  await payAndSettle(t, buyer, funded.id);
  await createTransaction(t, buyer, { seller_phone: seller.phone, amount: 900, product_name: 'Shoes', transaction_type: 'protected' });
});
afterAll(async () => {
  await t?.close();
});

const APOLOGIES = [M.en.somethingWrong, M.sw.somethingWrong];

/** What thumbs type: menu digits, back and home, PINs, phone numbers, references, and anything at all. */
const keypadInput = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '00') },
  { weight: 2, arbitrary: fc.constantFrom(TEST_PIN, '1234', '0000', '0722000111', '0711000202', 'ESC-0000-0000', '999999') },
  { weight: 2, arbitrary: fc.stringMatching(/^[0-9*#]{0,12}$/) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

describe('USSD under random keypad input', () => {
  it('always answers with a screen of at most 182 characters, and never the crash apology', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('buyer', 'seller', 'guest', 'web account without a PIN'),
        fc.array(keypadInput, { minLength: 1, maxLength: 10 }),
        async (who, inputs) => {
          const phone =
            who === 'buyer'
              ? buyer.phone
              : who === 'seller'
                ? seller.phone
                : who === 'guest'
                  ? randomPhone()
                  : (await makeUser(t.app, { userType: 'both' })).phone;
          const session = phoneSession(t, phone, { autoUnlock: false });
          let screen = await session.dial();
          for (const input of inputs) {
            expect(APOLOGIES).not.toContain(screen.text);
            if (screen.kind === 'END') break;
            screen = await session.send(input);
          }
          expect(APOLOGIES).not.toContain(screen.text);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('a session row that does not decode', () => {
  it.each([
    [
      'an older release',
      { stack: ['home', 'buy_confirm'], draft: { type: 'standard', amount: '6500' }, consumed: 1, lastText: '1', lastReply: 'CON x' },
    ],
    ['a wiped session', {}],
    ['a screen without what it needs', { stack: ['home', 'confirm_release'], draft: {}, consumed: 1, lastText: '1', lastReply: 'CON x' }],
  ])('starts again at the home screen: %s', async (_name, state) => {
    // Its own account: the random walks above may have changed the shared ones' language or PIN.
    const caller = await makeUser(t.app, { userType: 'buyer', firstName: 'Achieng' });
    await giveUssdPin(t, caller.id, 'en');
    const session = phoneSession(t, caller.phone, { autoUnlock: false });
    await session.dial();
    await t.ctx.db.ussdSession.update({ where: { sessionId: session.sessionId }, data: { state } });
    const home = await session.send('3');
    expect(home.kind).toBe('CON');
    expect(firstLine(home)).toBe(M.en.hello('Achieng'));
    // …and the session carries on from there.
    expect((await session.send('1')).text).toContain(M.en.sellerPhone);
  });
});
