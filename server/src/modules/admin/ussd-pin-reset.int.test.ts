/**
 * A phone-only holder who forgot their USSD PIN calls customer care, and an admin removes it
 * (`POST /api/admin/users/{id}/ussd_pin/reset`, tRPC `admin.removeUssdPin`): tried from outside over HTTP by
 * a stranger and a buyer, then the holder's way back in over the gateway's USSD route, through the first
 * PIN's door (the code texted then).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { inboxOf, latestCode } from '../../../test/sms-inbox.ts';
import { renderSms } from '../notifications/templates.ts';
import { displayTime } from '../ussd/use-cases/verify-ussd-pin.ts';
import { M, giveUssdPin, phoneSession } from '../ussd/test/ussd-client.ts';
import { verifySecret } from '../../lib/password.ts';

let t: TestApp;
let admin: MadeUser;
let buyer: MadeUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, { userType: 'admin' });
  buyer = await makeUser(t.app, { userType: 'buyer' });
});
afterAll(() => t?.close());

const removePin = (user: { id: string }, by: MadeUser | null) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${user.id}/ussd_pin/reset`, headers: by ? bearer(by) : {} });

/** A holder registered over USSD: no web password, Kiswahili, with a PIN. */
async function phoneOnlyHolder(): Promise<MadeUser> {
  const holder = await makeUser(t.app, { userType: 'buyer', firstName: 'Chebet' });
  await t.ctx.db.user.update({ where: { id: holder.id }, data: { passwordHash: null } });
  await giveUssdPin(t, holder.id, 'sw');
  return holder;
}

const pinRow = (user: { id: string }) =>
  t.ctx.db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { ussdPinHash: true, ussdPinFailures: true, ussdPinLockedUntil: true },
  });

describe("an admin removes a caller's USSD PIN", () => {
  it('refuses a stranger (401) and a buyer (403), and removes nothing', async () => {
    const holder = await phoneOnlyHolder();
    const anonymous = await removePin(holder, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    const byBuyer = await removePin(holder, buyer);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    // The buyer cannot remove their own either: the website's removal with the password is theirs.
    expect((await removePin(buyer, buyer)).statusCode).toBe(403);
    expect((await pinRow(holder)).ussdPinHash).not.toBeNull();
    expect(await t.ctx.db.auditLog.count({ where: { entityId: holder.id } })).toBe(0);
  });

  it('after the lock: the PIN and its lock go, the open session ends, the holder is told in Kiswahili, the admin is in the audit log, and the next dial sets a new PIN through the texted code', async () => {
    const holder = await phoneOnlyHolder();
    const sw = M.sw;
    // Three wrong PINs over the gateway lock it; the lock screen names both ways back.
    const guessing = phoneSession(t, holder.phone, { autoUnlock: false });
    await guessing.dial();
    expect((await guessing.send('3')).text.startsWith(sw.unlockPin)).toBe(true);
    await guessing.send('0000');
    await guessing.send('1111');
    const locked = await guessing.send('2222');
    const lockedRow = await pinRow(holder);
    expect(locked).toEqual({ kind: 'END', text: sw.pinLocked(displayTime(lockedRow.ussdPinLockedUntil!)) });
    expect(locked.text).toContain('huduma kwa wateja 0709 384 400');
    // A session still open on the phone when customer care acts.
    const open = phoneSession(t, holder.phone, { autoUnlock: false });
    await open.dial();
    expect(await t.ctx.db.ussdSession.count({ where: { phoneNumber: holder.phone } })).toBeGreaterThan(0);

    const removed = await removePin(holder, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({
      success: true,
      message: 'USSD PIN removed',
      data: { user: { id: holder.id, status: 'active' } },
    });
    expect(await pinRow(holder)).toEqual({ ussdPinHash: null, ussdPinFailures: 0, ussdPinLockedUntil: null });
    expect(await t.ctx.db.ussdSession.count({ where: { phoneNumber: holder.phone } })).toBe(0);
    const told = renderSms('ussd_pin_removed_by_support', 'sw', {});
    expect((await inboxOf(t, holder.phone)).map((sms) => sms.message)).toContain(told);
    expect(told).toContain('huduma kwa wateja');
    const audit = await t.ctx.db.auditLog.findMany({ where: { entity: 'user', entityId: holder.id } });
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.id, action: 'user.ussd_pin_remove' })]);

    // Back on the phone: no lock, and the first PIN's door asks for the code texted now (no web password).
    const session = phoneSession(t, holder.phone, { autoUnlock: false });
    const door = await session.dial();
    expect(door).toEqual({ kind: 'CON', text: sw.proveFirstPin('Chebet', false) });
    const code = await latestCode(t, holder.phone);
    expect((await session.send(code)).text).toContain(sw.newPin);
    await session.send('1357');
    expect((await session.send('1357')).text).toContain(sw.pinSet);
    expect(await verifySecret((await pinRow(holder)).ussdPinHash!, '1357')).toBe(true);
  });

  it('answers 409 for an account with no PIN, sending nothing and auditing nothing; 404 for an unknown account', async () => {
    const holder = await phoneOnlyHolder();
    expect((await removePin(holder, admin)).statusCode).toBe(200);
    const smsBefore = await t.ctx.db.smsMessage.count({ where: { phoneNumber: holder.phone } });
    const again = await removePin(holder, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'INVALID_STATE', message: 'This account has no USSD PIN' });
    expect(await t.ctx.db.smsMessage.count({ where: { phoneNumber: holder.phone } })).toBe(smsBefore);
    expect(await t.ctx.db.auditLog.count({ where: { entityId: holder.id, action: 'user.ussd_pin_remove' } })).toBe(1);
    expect((await removePin({ id: '00000000-0000-4000-8000-000000000000' }, admin)).statusCode).toBe(404);
    expect((await removePin({ id: 'nope' }, admin)).statusCode).toBe(400);
  });

  it('through the dashboard (tRPC admin.removeUssdPin): the same removal; a buyer is refused', async () => {
    const holder = await phoneOnlyHolder();
    const mutate = (by: MadeUser) =>
      fetch(`${t.baseUrl}/trpc/admin.removeUssdPin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(by) },
        body: JSON.stringify({ id: holder.id }),
      });
    expect((await mutate(buyer)).status).toBe(403);
    expect((await pinRow(holder)).ussdPinHash).not.toBeNull();
    const done = await mutate(admin);
    expect(done.status).toBe(200);
    expect((await pinRow(holder)).ussdPinHash).toBeNull();
    expect(await t.ctx.db.auditLog.count({ where: { entityId: holder.id, actorId: admin.id, action: 'user.ussd_pin_remove' } })).toBe(1);
    expect((await mutate(admin)).status).toBe(409);
  });
});

describe("the Users list shows each account's USSD PIN (REST GET /api/admin/users and tRPC admin.users)", () => {
  /** The account's row as REST and tRPC both answer it, searched by its phone. */
  async function rowOf(user: MadeUser) {
    const rest = await t.app.inject({ url: `/api/admin/users?search=${user.phone}`, headers: bearer(admin) });
    expect(rest.statusCode, rest.body).toBe(200);
    const input = encodeURIComponent(JSON.stringify({ search: user.phone }));
    const viaTrpc = await fetch(`${t.baseUrl}/trpc/admin.users?input=${input}`, { headers: bearer(admin) });
    expect(viaTrpc.status).toBe(200);
    const restRows = rest.json().data.users as { id: string; ussd_pin: string; ussd_pin_locked_until: string | null }[];
    const trpcRows = ((await viaTrpc.json()) as { result: { data: { users: typeof restRows } } }).result.data.users;
    expect(trpcRows).toEqual(restRows);
    expect(restRows.map((row) => row.id)).toEqual([user.id]);
    return restRows[0]!;
  }

  it("none, set, locked after 3 wrong PINs over the gateway (until when), set again once the lock's time has passed, none after removal", async () => {
    expect(await rowOf(buyer)).toMatchObject({ ussd_pin: 'none', ussd_pin_locked_until: null });
    const holder = await phoneOnlyHolder();
    expect(await rowOf(holder)).toMatchObject({ ussd_pin: 'set', ussd_pin_locked_until: null });

    const guessing = phoneSession(t, holder.phone, { autoUnlock: false });
    await guessing.dial();
    await guessing.send('3');
    await guessing.send('0000');
    // One wrong PIN is not a lock.
    expect(await rowOf(holder)).toMatchObject({ ussd_pin: 'set', ussd_pin_locked_until: null });
    await guessing.send('1111');
    expect((await guessing.send('2222')).kind).toBe('END');
    const lockedUntil = (await pinRow(holder)).ussdPinLockedUntil!;
    expect(lockedUntil.getTime()).toBeGreaterThan(Date.now());
    expect(await rowOf(holder)).toMatchObject({ ussd_pin: 'locked', ussd_pin_locked_until: lockedUntil.toISOString() });

    // A lock whose time has passed is no lock, though the column still holds it.
    await t.ctx.db.user.update({ where: { id: holder.id }, data: { ussdPinLockedUntil: new Date(Date.now() - 60_000) } });
    expect(await rowOf(holder)).toMatchObject({ ussd_pin: 'set', ussd_pin_locked_until: null });

    await t.ctx.db.user.update({ where: { id: holder.id }, data: { ussdPinLockedUntil: lockedUntil } });
    const removed = await removePin(holder, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    // The action answers the row as the list will show it.
    expect(removed.json().data.user).toMatchObject({ ussd_pin: 'none', ussd_pin_locked_until: null });
    expect(await rowOf(holder)).toMatchObject({ ussd_pin: 'none', ussd_pin_locked_until: null });
  });
});
