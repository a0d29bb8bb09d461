import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { CONTACT_EMAIL_LIMIT } from './use-cases/submit-contact-message.ts';

let t: TestApp;
let admin: MadeUser;
let buyer: MadeUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeUser(t.app, { userType: 'admin' });
  buyer = await makeUser(t.app, { userType: 'buyer' });
});
afterAll(() => t?.close());

let emailCounter = 0;
const validBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Wanjiku',
  last_name: 'Kamau',
  email: `wanjiku${++emailCounter}@example.co.ke`,
  phone_number: '0722 123 456',
  topic: 'billing',
  message: 'How are fees split on a KES 20,000 purchase?',
  ...overrides,
});

/** Posts the form; `remoteAddress` stands for the caller's IP address (whatever the proxy setting). */
const submit = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

describe('POST /api/contact', () => {
  it('stores the message and answers 201 with its id', async () => {
    const body = validBody();
    const response = await submit(body);
    expect(response.statusCode).toBe(201);
    const json = response.json();
    expect(json.success).toBe(true);
    expect(json.message).toMatch(/message has been sent/i);
    const row = await t.ctx.db.contactMessage.findUniqueOrThrow({ where: { id: json.data.id } });
    expect(row).toMatchObject({
      firstName: 'Wanjiku',
      lastName: 'Kamau',
      email: body.email,
      phoneNumber: '254722123456',
      topic: 'billing',
      message: body.message,
      status: 'new',
    });
    expect(json.data.created_at).toBe(row.createdAt.toISOString());
  });

  it('accepts a message without a phone number and defaults the topic to general', async () => {
    const { phone_number: _phone, topic: _topic, ...rest } = validBody();
    const response = await submit({ ...rest, phone_number: '' });
    expect(response.statusCode).toBe(201);
    const row = await t.ctx.db.contactMessage.findUniqueOrThrow({ where: { id: response.json().data.id } });
    expect(row.phoneNumber).toBeNull();
    expect(row.topic).toBe('general');
  });

  it('trims the fields', async () => {
    const response = await submit(validBody({ first_name: '  Amina ', message: '  Hello  ' }));
    const row = await t.ctx.db.contactMessage.findUniqueOrThrow({ where: { id: response.json().data.id } });
    expect(row.firstName).toBe('Amina');
    expect(row.message).toBe('Hello');
  });

  it('answers bad input with 400 VALIDATION_ERROR naming the field, never 5xx', async () => {
    const cases: [unknown, string][] = [
      [validBody({ first_name: '' }), 'first_name'],
      [validBody({ first_name: '   ' }), 'first_name'],
      [validBody({ last_name: undefined }), 'last_name'],
      [validBody({ email: 'not-an-email' }), 'email'],
      [validBody({ email: `${'a'.repeat(300)}@example.com` }), 'email'],
      [validBody({ phone_number: '12345' }), 'phone_number'],
      [validBody({ topic: 'complaints' }), 'topic'],
      [validBody({ message: '' }), 'message'],
      [validBody({ message: 'x'.repeat(5001) }), 'message'],
      [validBody({ first_name: 42 }), 'first_name'],
    ];
    for (const [payload, field] of cases) {
      const response = await submit(payload);
      expect(response.statusCode, field).toBe(400);
      const json = response.json();
      expect(json).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(Object.keys(json.errors), field).toContain(field);
    }
    for (const raw of ['{not json', '[]', 'null', '"text"']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, raw).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, raw).toBeLessThan(500);
      expect(response.json().success).toBe(false);
    }
  });

  it('limits messages per sender e-mail, with Retry-After', async () => {
    const email = 'flood@example.com';
    for (let i = 0; i < CONTACT_EMAIL_LIMIT.limit; i++) {
      expect((await submit(validBody({ email }))).statusCode).toBe(201);
    }
    const limited = await submit(validBody({ email: 'FLOOD@example.com' }));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(CONTACT_EMAIL_LIMIT.windowSeconds);
    expect(await t.ctx.db.contactMessage.count({ where: { email: { equals: email, mode: 'insensitive' } } })).toBe(
      CONTACT_EMAIL_LIMIT.limit,
    );
  });

  it('limits messages per IP address generously (100 a minute), counted in PostgreSQL', async () => {
    const address = '203.0.113.7';
    // Pre-fill the shared counter as 99 earlier requests from this address would have.
    await t.ctx.db.rateLimitBucket.create({
      data: { key: 'contact:ip:203.0.113.7', count: 99, resetAt: new Date(Date.now() + 60_000) },
    });
    expect((await submit(validBody(), address)).statusCode).toBe(201);
    const limited = await submit(validBody(), address);
    expect(limited.statusCode).toBe(429);
    // Another address is not affected.
    expect((await submit(validBody(), '203.0.113.8')).statusCode).toBe(201);
    // Once the window has passed, the address may send again.
    await t.ctx.db.rateLimitBucket.update({ where: { key: 'contact:ip:203.0.113.7' }, data: { resetAt: new Date(Date.now() - 1) } });
    expect((await submit(validBody(), address)).statusCode).toBe(201);
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/contact-messages' })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ url: '/api/admin/contact-messages', headers: bearer(buyer) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('lists messages newest first with pagination and filters', async () => {
    const sent = [];
    for (const topic of ['partnership', 'partnership', 'partnership']) {
      sent.push((await submit(validBody({ topic, message: `partnership ${sent.length}` }))).json().data.id);
    }
    const page1 = await t.app.inject({ url: '/api/admin/contact-messages?topic=partnership&per_page=2', headers: bearer(admin) });
    expect(page1.statusCode).toBe(200);
    const data1 = page1.json().data;
    expect(data1.pagination).toEqual({ current_page: 1, per_page: 2, total_pages: 2, total_count: 3 });
    expect(data1.messages.map((m: { id: string }) => m.id)).toEqual([sent[2], sent[1]]);
    expect(data1.messages[0]).toMatchObject({
      first_name: 'Wanjiku',
      last_name: 'Kamau',
      phone_number: '254722123456',
      topic: 'partnership',
      message: 'partnership 2',
      status: 'new',
    });
    expect(new Date(data1.messages[0].created_at).toISOString()).toBe(data1.messages[0].created_at);

    const page2 = (
      await t.app.inject({ url: '/api/admin/contact-messages?topic=partnership&per_page=2&page=2', headers: bearer(admin) })
    ).json().data;
    expect(page2.messages.map((m: { id: string }) => m.id)).toEqual([sent[0]]);

    const all = (await t.app.inject({ url: '/api/admin/contact-messages?per_page=100', headers: bearer(admin) })).json().data;
    expect(all.pagination.total_count).toBe(await t.ctx.db.contactMessage.count());
  });

  it('rejects bad query parameters with 400', async () => {
    for (const query of ['?page=0', '?per_page=1000', '?status=archived', '?topic=x', '?page=abc']) {
      const response = await t.app.inject({ url: `/api/admin/contact-messages${query}`, headers: bearer(admin) });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('PATCH /api/admin/contact-messages/:id', () => {
  it('changes the status and records it in the audit log', async () => {
    const id = (await submit(validBody())).json().data.id;
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/contact-messages/${id}`,
      headers: bearer(admin),
      payload: { status: 'resolved' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toMatchObject({ id, status: 'resolved' });
    const audit = await t.ctx.db.auditLog.findFirstOrThrow({ where: { entity: 'contact_message', entityId: id } });
    expect(audit).toMatchObject({ actorId: admin.id, action: 'contact_message.status', data: { from: 'new', to: 'resolved' } });

    const resolved = (await t.app.inject({ url: '/api/admin/contact-messages?status=resolved', headers: bearer(admin) })).json().data;
    expect(resolved.messages.map((m: { id: string }) => m.id)).toContain(id);
  });

  it('answers 404 for an unknown id, 400 for a bad one, 403 for non-admins', async () => {
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/contact-messages/0195f0a0-0000-7000-8000-000000000000',
      headers: bearer(admin),
      payload: { status: 'read' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/contact-messages/nope',
      headers: bearer(admin),
      payload: { status: 'read' },
    });
    expect(bad.statusCode).toBe(400);
    const forbidden = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/contact-messages/0195f0a0-0000-7000-8000-000000000000',
      headers: bearer(buyer),
      payload: { status: 'read' },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the contact routes', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/contact', '/api/admin/contact-messages', '/api/admin/contact-messages/{id}']));
  });
});
