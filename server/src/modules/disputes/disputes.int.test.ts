/**
 * Disputes over real HTTP on real PostgreSQL: evidence (text and files) with its type and size rules,
 * the other party's response, file access, the admins' rulings with their money movements (ledger
 * balanced, payouts settled), the return after a refund ruling, and the refund policy's 422s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escrowBalance } from '../ledger/ledger.ts';
import { displayDateTime } from '../transactions/format.ts';
import { formatKes, parseAmount } from '@escrow/core/domain/money';
import { bearer, makeUser, randomPhone, type MadeUser } from '../../../test/factories.ts';
import {
  action,
  createTransaction,
  detail,
  expectLedgerHealthy,
  failedSellerPayout,
  payAndSettle,
  settlePayouts,
} from '../../../test/escrow-helpers.ts';
import { buildTestApp, eventually, LIFTED_LIMITS, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
let admin: MadeUser;
let stranger: MadeUser;

beforeAll(async () => {
  // Many escrows by one buyer and seller: the hourly prompt limits are not what these tests are about.
  t = await buildTestApp({ env: LIFTED_LIMITS });
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
  admin = await makeUser(t.app, { userType: 'admin' });
  stranger = await makeUser(t.app, { userType: 'both' });
});
afterAll(() => t?.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR fake screenshot bytes')]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

const standard = (amount: number) => ({
  seller_phone: seller.phone,
  amount,
  product_name: 'Samsung A15 phone',
  transaction_type: 'standard',
});

async function funded(amount = 1_000) {
  const created = await createTransaction(t, buyer, standard(amount));
  expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
  return created.id;
}

async function dispatched(amount = 1_000) {
  const id = await funded(amount);
  expect((await action(t, seller, id, 'dispatch')).statusCode).toBe(200);
  return id;
}

/** Opens a dispute (by the buyer unless said otherwise) and returns the transaction and dispute ids. */
async function disputed(transactionId: string, by: MadeUser = buyer) {
  const opened = await action(t, by, transactionId, 'dispute', { reason: 'The screen arrived cracked', dispute_type: 'not_as_described' });
  expect(opened.statusCode, opened.body).toBe(200);
  const data = await detail(t, buyer, transactionId);
  return { id: transactionId, disputeId: data.dispute.id as string };
}

/** The timeline's event types after the last `after` event, in the order the detail page lists them. */
function eventsAfter(view: { timeline: { event_type: string }[] }, after: string): string[] {
  const types = view.timeline.map((event) => event.event_type);
  return types.slice(types.lastIndexOf(after) + 1);
}

function rule(user: MadeUser | null, disputeId: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/disputes/${disputeId}/resolve`,
    headers: user ? bearer(user) : {},
    payload: body,
  });
}

function upload(
  user: MadeUser,
  transactionId: string,
  fields: Record<string, string>,
  files: { bytes: Buffer; name: string; type?: string; field?: string }[] = [],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(file.field ?? 'file', new Blob([new Uint8Array(file.bytes)], file.type ? { type: file.type } : {}), file.name);
  return fetch(`${t.baseUrl}/api/transactions/${transactionId}/dispute/evidence`, { method: 'POST', headers: bearer(user), body: form });
}

function textEvidence(user: MadeUser | null, transactionId: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/transactions/${transactionId}/dispute/evidence`,
    headers: user ? bearer(user) : {},
    payload,
  });
}

function respond(user: MadeUser, transactionId: string, response: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/transactions/${transactionId}/dispute/respond`,
    headers: bearer(user),
    payload: { response },
  });
}

function refundRequest(user: MadeUser, transactionId: string, reason = 'I want my money back') {
  return t.app.inject({
    method: 'POST',
    url: `/api/transactions/${transactionId}/refund_request`,
    headers: bearer(user),
    payload: { reason },
  });
}

function getCase(user: MadeUser, transactionId: string) {
  return t.app.inject({ method: 'GET', url: `/api/transactions/${transactionId}/dispute`, headers: bearer(user) });
}

describe('evidence and responses', () => {
  it('takes text and file evidence from the parties and serves files only to them and admins', async () => {
    const { id } = await disputed(await dispatched());

    const text = await textEvidence(buyer, id, { kind: 'chat_history', description: 'The seller promised a new phone on WhatsApp' });
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json().data.evidence).toMatchObject({ kind: 'chat_history', submitted_by: 'buyer', file_name: null, download_url: null });

    const file = await upload(buyer, id, { kind: 'screenshot', description: 'Photo of the cracked screen' }, [
      { bytes: PNG, name: 'cracked screen.png', type: 'image/png' },
    ]);
    expect(file.status).toBe(201);
    const evidence = ((await file.json()) as { data: { evidence: Record<string, unknown> } }).data.evidence;
    expect(evidence).toMatchObject({
      kind: 'screenshot',
      file_name: 'cracked screen.png',
      mime_type: 'image/png',
      size_bytes: PNG.length,
      submitted_by: 'buyer',
    });
    expect(evidence.download_url).toBe(`/api/disputes/evidence/${evidence.id as string}/file`);

    const pdf = await upload(seller, id, { kind: 'delivery_record', description: 'Courier delivery note, signed' }, [
      { bytes: PDF, name: 'delivery.pdf' },
    ]);
    expect(pdf.status).toBe(201);
    expect(((await pdf.json()) as { data: { evidence: { mime_type: string; submitted_by: string } } }).data.evidence).toMatchObject({
      mime_type: 'application/pdf',
      submitted_by: 'seller',
    });

    const mediator = await textEvidence(admin, id, { kind: 'statement', description: 'Called both parties on 21 Nov' });
    expect(mediator.statusCode).toBe(201);
    expect(mediator.json().data.evidence.submitted_by).toBe('admin');

    for (const user of [seller, admin]) {
      const download = await fetch(`${t.baseUrl}${evidence.download_url as string}`, { headers: bearer(user) });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
      expect(download.headers.get('content-type')).toBe('image/png');
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="cracked screen.png"; filename*=UTF-8''cracked%20screen.png`,
      );
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      expect(download.headers.get('cache-control')).toBe('private, no-store');
    }
    const strangerDownload = await t.app.inject({ method: 'GET', url: evidence.download_url as string, headers: bearer(stranger) });
    expect(strangerDownload.statusCode).toBe(404);
    expect(strangerDownload.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: evidence.download_url as string })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/disputes/evidence/${text.json().data.evidence.id}/file`, headers: bearer(buyer) }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/disputes/evidence/not-a-uuid/file', headers: bearer(buyer) })).statusCode).toBe(
      400,
    );

    const caseView = await getCase(seller, id);
    expect(caseView.statusCode, caseView.body).toBe(200);
    expect(caseView.json().data.dispute).toMatchObject({
      status: 'open',
      opened_by: 'buyer',
      respondent: 'seller',
      response: null,
      reason: 'not_as_described',
    });
    expect(caseView.json().data.evidence.map((item: { submitted_by: string }) => item.submitted_by)).toEqual([
      'buyer',
      'buyer',
      'seller',
      'admin',
    ]);
    expect((await getCase(stranger, id)).statusCode).toBe(404);
    expect((await getCase(admin, id)).statusCode).toBe(200);
    expect(
      (await detail(t, buyer, id)).timeline.filter((event: { event_type: string }) => event.event_type === 'dispute_evidence_added'),
    ).toHaveLength(4);
  });

  it('names a file by the type its bytes are: a script sent as text cannot be saved to run, nor hide its extension', async () => {
    const { id } = await disputed(await dispatched());
    const script = Buffer.from('@echo off\r\nstart calc.exe\r\n');
    const cases = [
      // A batch file is plain text: it was stored and served as "delivery_note.bat", run by a double click.
      { name: 'delivery_note.bat', type: 'text/plain', bytes: script, expected: 'delivery_note.bat.txt' },
      // U+202E turns the name around on screen: "receipt\u202efdp.hta" reads as "receiptath.pdf".
      { name: 'receipt\u202efdp.hta', type: 'text/plain', bytes: script, expected: 'receiptfdp.hta.txt' },
      { name: 'screen.PNG', type: 'image/png', bytes: PNG, expected: 'screen.PNG' },
      { name: 'photo.jpeg.png', type: 'image/png', bytes: PNG, expected: 'photo.jpeg.png' },
      { name: 'note', type: 'application/pdf', bytes: PDF, expected: 'note.pdf' },
    ];
    for (const file of cases) {
      const response = await upload(seller, id, { kind: 'delivery_record', description: 'Courier receipt' }, [file]);
      expect(response.status, file.name).toBe(201);
      const evidence = ((await response.json()) as { data: { evidence: { file_name: string; download_url: string } } }).data.evidence;
      expect(evidence.file_name, file.name).toBe(file.expected);
      const download = await fetch(`${t.baseUrl}${evidence.download_url}`, { headers: bearer(admin) });
      expect(download.headers.get('content-disposition'), file.name).toBe(
        `attachment; filename="${file.expected}"; filename*=UTF-8''${encodeURIComponent(file.expected)}`,
      );
    }
  });

  it('lists evidence stored before names were made safe under the name its download uses', async () => {
    const { id, disputeId } = await disputed(await dispatched());
    const script = Buffer.from('@echo off\r\nstart calc.exe\r\n');
    const stored = [
      { fileName: 'delivery_note.bat', mimeType: 'text/plain', content: script, shown: 'delivery_note.bat.txt' },
      { fileName: 'receipt\u202efdp.hta', mimeType: 'text/plain', content: script, shown: 'receiptfdp.hta.txt' },
      { fileName: null, mimeType: 'image/png', content: PNG, shown: 'evidence.png' },
    ];
    for (const row of stored) {
      await t.ctx.db.disputeEvidence.create({
        data: {
          disputeId,
          submittedById: seller.id,
          kind: 'delivery_record',
          description: 'Stored by an older release',
          fileName: row.fileName,
          mimeType: row.mimeType,
          sizeBytes: row.content.length,
          content: row.content,
        },
      });
    }
    const shown = stored.map((row) => row.shown).sort();
    type Listed = { file_name: string | null; download_url: string | null };
    const views: [string, Listed[]][] = [
      ['seller', (await getCase(seller, id)).json().data.evidence],
      ['buyer', (await getCase(buyer, id)).json().data.evidence],
      ['admin', (await getCase(admin, id)).json().data.evidence],
      [
        'admin dispute page',
        (await t.app.inject({ method: 'GET', url: `/api/admin/disputes/${disputeId}`, headers: bearer(admin) })).json().data.evidence,
      ],
    ];
    for (const [who, evidence] of views) {
      const files = evidence.filter((item) => item.download_url);
      expect(files.map((item) => item.file_name).sort(), who).toEqual(shown);
      for (const item of files) {
        const download = await t.app.inject({ method: 'GET', url: item.download_url!, headers: bearer(admin) });
        expect(download.headers['content-disposition'], who).toContain(`filename*=UTF-8''${encodeURIComponent(item.file_name!)}`);
      }
    }
  });

  it('texts the other party when their side is due, and the opener that the money is frozen', async () => {
    const { id } = await disputed(await dispatched(), seller);
    const respondBy = (await getCase(buyer, id)).json().data.dispute.respond_by as string;
    const texts = async (phone: string) =>
      (
        await t.ctx.db.smsMessage.findMany({ where: { transactionId: id, phoneNumber: phone, template: { startsWith: 'dispute_opened' } } })
      ).map((row) => ({ template: row.template, message: row.message }));
    const due = displayDateTime(new Date(respondBy));
    expect(await texts(buyer.phone)).toEqual([
      { template: 'dispute_opened_respond', message: expect.stringContaining(`Answer on the web or *384*40# by ${due}.`) },
    ]);
    expect(await texts(seller.phone)).toEqual([{ template: 'dispute_opened', message: expect.not.stringContaining('Give your side') }]);
  });

  it('lets only the other party respond, once', async () => {
    const { id } = await disputed(await dispatched());
    expect((await respond(buyer, id, 'I opened it, can I respond?')).statusCode).toBe(403);
    expect((await respond(admin, id, 'Mediator answer')).statusCode).toBe(403);
    expect((await respond(stranger, id, 'Who am I?')).statusCode).toBe(404);
    expect((await respond(seller, id, '')).statusCode).toBe(400);
    const answer = await respond(seller, id, 'The phone was sealed and worked when it left the shop');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.dispute).toMatchObject({
      response: 'The phone was sealed and worked when it left the shop',
      respondent: 'seller',
    });
    const respondedAt = answer.json().data.dispute.responded_at as string;
    expect(respondedAt).toEqual(expect.any(String));
    // The mediators' list says the answer came (and when), not only the deadline.
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/disputes?status=open&per_page=100', headers: bearer(admin) });
    expect(list.json().data.disputes.find((row: { transaction_id: string }) => row.transaction_id === id)).toMatchObject({
      responded_at: respondedAt,
    });
    expect((await respond(seller, id, 'Another answer')).statusCode).toBe(409);
    expect((await getCase(buyer, id)).json().data.dispute.response).toBe('The phone was sealed and worked when it left the shop');
  });

  it('rejects bad evidence with 4xx envelopes, never a 5xx', async () => {
    const { id } = await disputed(await dispatched());
    const expectEnvelope = async (response: Response, status: number, code: string) => {
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ success: false, code });
    };
    await expectEnvelope(
      await upload(buyer, id, { kind: 'screenshot', description: 'fake png' }, [
        { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'x.png', type: 'image/png' },
      ]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectEnvelope(
      await upload(buyer, id, { kind: 'other', description: 'zip' }, [{ bytes: PNG, name: 'x.zip', type: 'application/zip' }]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectEnvelope(
      await upload(buyer, id, { kind: 'other', description: 'exe' }, [
        { bytes: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), name: 'receipt.exe', type: 'application/octet-stream' },
      ]),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    await expectEnvelope(
      await upload(buyer, id, { kind: 'screenshot', description: 'too big' }, [{ bytes: big, name: 'big.png', type: 'image/png' }]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    await expectEnvelope(
      await upload(buyer, id, { kind: 'screenshot', description: 'two' }, [
        { bytes: PNG, name: 'a.png', type: 'image/png' },
        { bytes: PNG, name: 'b.png', type: 'image/png' },
      ]),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    await expectEnvelope(
      await upload(buyer, id, { kind: 'screenshot' }, [{ bytes: PNG, name: 'a.png', type: 'image/png' }]),
      400,
      'VALIDATION_ERROR',
    );
    await expectEnvelope(await upload(buyer, id, { kind: 'selfie', description: 'bad kind' }), 400, 'VALIDATION_ERROR');
    await expectEnvelope(
      await upload(buyer, id, { kind: 'screenshot', description: 'empty' }, [
        { bytes: Buffer.alloc(0), name: 'empty.png', type: 'image/png' },
      ]),
      400,
      'VALIDATION_ERROR',
    );
    await expectEnvelope(await upload(buyer, id, { kind: 'screenshot', description: 'x'.repeat(2001) }), 400, 'VALIDATION_ERROR');
    await expectEnvelope(
      await upload(buyer, id, { kind: 'screenshot', description: 'wrong field' }, [
        { bytes: PNG, name: 'a.png', type: 'image/png', field: 'photo' },
      ]),
      400,
      'VALIDATION_ERROR',
    );

    const noBoundary = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${id}/dispute/evidence`,
      headers: { ...bearer(buyer), 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(noBoundary.statusCode).toBe(400);
    const truncated = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${id}/dispute/evidence`,
      headers: { ...bearer(buyer), 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload:
        '--XYZ\r\nContent-Disposition: form-data; name="kind"\r\n\r\nscreenshot\r\n--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect(truncated.statusCode).toBeGreaterThanOrEqual(400);
    expect(truncated.statusCode).toBeLessThan(500);
    const html = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${id}/dispute/evidence`,
      headers: { ...bearer(buyer), 'content-type': 'text/html' },
      payload: '<p>hi</p>',
    });
    expect(html.statusCode).toBe(415);
    expect((await textEvidence(buyer, id, { kind: 'other' })).statusCode).toBe(400);
    expect((await textEvidence(buyer, id, { kind: 'other', description: 42 })).statusCode).toBe(400);
    expect((await textEvidence(null, id, { kind: 'other', description: 'no token' })).statusCode).toBe(401);
    expect((await textEvidence(stranger, id, { kind: 'other', description: 'not mine' })).statusCode).toBe(404);

    const undisputed = await funded();
    const none = await textEvidence(buyer, undisputed, { kind: 'other', description: 'no dispute here' });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/no dispute/);
    expect(await t.ctx.db.disputeEvidence.count({ where: { dispute: { transactionId: id } } })).toBe(0);
  });
});

describe('rulings', () => {
  it('release_seller: completes and pays the seller less the seller fee; the ruling is final', async () => {
    const { id, disputeId } = await disputed(await dispatched(1_000));
    expect((await rule(null, disputeId, { outcome: 'release_seller', note: 'Delivered as described' })).statusCode).toBe(401);
    expect((await rule(buyer, disputeId, { outcome: 'release_seller', note: 'Delivered as described' })).statusCode).toBe(403);
    const ruled = await rule(admin, disputeId, { outcome: 'release_seller', note: 'The courier photo shows the phone intact' });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(ruled.json().data.transaction).toMatchObject({ status: 'completed', refunded_amount: '0.00' });
    expect(ruled.json().data.dispute).toMatchObject({
      status: 'resolved',
      outcome: 'release_seller',
      seller_amount: '1000.00',
      buyer_amount: '0.00',
      ruling_note: 'The courier photo shows the phone intact',
      resolved_by: { id: admin.id, display_name: 'Test Admin' },
    });
    const again = await rule(admin, disputeId, { outcome: 'refund_buyer', note: 'Changed our mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVALID_STATE', message: expect.stringMatching(/final/) });

    const [payout] = await settlePayouts(t, id);
    expect(payout).toMatchObject({ kind: 'seller_payout', status: 'completed', amountCents: 97_500n, recipientPhone: seller.phone });
    expect(await escrowBalance(t.ctx.db, id)).toBe(0n);
    const audit = await t.ctx.db.auditLog.findFirstOrThrow({ where: { entity: 'dispute', entityId: disputeId } });
    expect(audit).toMatchObject({ actorId: admin.id, action: 'dispute.rule' });
    expect(audit.data).toMatchObject({
      outcome: 'release_seller',
      note: 'The courier photo shows the phone intact',
      status_after: 'completed',
    });
    // Each party reads the ruling from their side, with the seller's figure after the fee.
    const ruling = async (phone: string) =>
      (await t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: id, phoneNumber: phone, template: 'dispute_ruled' } })).message;
    expect(await ruling(buyer.phone)).toMatch(
      /^Ruling on ESC-[A-Z0-9-]+: for the seller\. KES 975 is paid to them\. The decision is final\.$/,
    );
    expect(await ruling(seller.phone)).toMatch(/: for you\. KES 975 is on its way to your M-Pesa\. The decision is final\.$/);
    // The ruling reads before the payout it ordered, as a confirmed delivery does.
    expect(eventsAfter(await detail(t, buyer, id), 'dispute_initiated')).toEqual([
      'dispute_resolved',
      'payment_released',
      'payout_initiated',
      'payout_completed',
    ]);
    // After a ruling the evidence and the response are closed.
    expect((await textEvidence(buyer, id, { kind: 'other', description: 'late' })).statusCode).toBe(409);
    expect((await respond(seller, id, 'late answer')).statusCode).toBe(409);
    await expectLedgerHealthy(t);
  });

  it('refund_buyer before dispatch: refunds everything the buyer paid at once, fee share included', async () => {
    const { id, disputeId } = await disputed(await funded(1_000), seller);
    const ruled = await rule(admin, disputeId, { outcome: 'refund_buyer', note: 'The seller cannot supply the item' });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(ruled.json().data.transaction).toMatchObject({ status: 'refunded', refunded_amount: '1025.00' });
    expect(ruled.json().data.dispute).toMatchObject({ status: 'resolved', outcome: 'refund_buyer', buyer_amount: '1025.00' });
    const [payout] = await settlePayouts(t, id);
    expect(payout).toMatchObject({ kind: 'buyer_refund', status: 'completed', amountCents: 102_500n, recipientPhone: buyer.phone });
    expect(await t.ctx.db.refund.findFirst({ where: { transactionId: id } })).toMatchObject({
      reason: 'dispute_refund',
      amountCents: 102_500n,
    });
    expect((await rule(admin, disputeId, { outcome: 'split', buyer_amount: 100, note: 'again' })).statusCode).toBe(409);
    await expectLedgerHealthy(t);
  });

  it('refund_buyer after dispatch: waits for the return, then the seller confirms and the buyer is refunded', async () => {
    const { id, disputeId } = await disputed(await dispatched(1_000));
    const ruled = await rule(admin, disputeId, { outcome: 'refund_buyer', note: 'Not as described: return the phone' });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(ruled.json().data.transaction).toMatchObject({ status: 'disputed', refunded_amount: '0.00' });
    expect(ruled.json().data.dispute).toMatchObject({ status: 'awaiting_return', outcome: 'refund_buyer', buyer_amount: '1025.00' });
    expect(await escrowBalance(t.ctx.db, id)).toBe(100_000n);
    expect((await rule(admin, disputeId, { outcome: 'release_seller', note: 'second' })).statusCode).toBe(409);

    expect((await detail(t, seller, id)).transaction.allowed_actions).toContain('confirm_return');
    expect((await detail(t, buyer, id)).transaction.allowed_actions).not.toContain('confirm_return');
    expect((await action(t, buyer, id, 'confirm_return')).statusCode).toBe(403);
    expect((await action(t, stranger, id, 'confirm_return')).statusCode).toBe(404);
    const refundNow = await refundRequest(buyer, id);
    expect(refundNow.statusCode).toBe(422);
    expect(refundNow.json().message).toMatch(/as soon as the seller confirms/);

    const confirmed = await action(t, seller, id, 'confirm_return');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.transaction).toMatchObject({ status: 'refunded', refunded_amount: '1025.00' });
    expect((await getCase(buyer, id)).json().data.dispute).toMatchObject({ status: 'resolved', outcome: 'refund_buyer' });
    expect((await action(t, seller, id, 'confirm_return')).statusCode).toBe(409);
    const [payout] = await settlePayouts(t, id);
    expect(payout).toMatchObject({ kind: 'buyer_refund', status: 'completed', amountCents: 102_500n });
    expect(await escrowBalance(t.ctx.db, id)).toBe(0n);
    // The timeline reads the ruling, then the item's return, then the refund the return released.
    const view = await detail(t, buyer, id);
    expect(eventsAfter(view, 'dispute_initiated')).toEqual([
      'dispute_resolved',
      'dispute_resolved',
      'refund_initiated',
      'refund_completed',
    ]);
    const returned = view.timeline.findLast((event: { event_type: string }) => event.event_type === 'dispute_resolved');
    expect(returned.description).toBe('The seller confirmed the item came back; KES 1,025 refunded to the buyer');
    expect(returned.data).toMatchObject({ return_confirmed: true, buyer_amount: '1025.00', actor: 'seller' });
    // The seller confirmed it: no notice tells them what they did.
    expect(await t.ctx.db.smsMessage.count({ where: { transactionId: id, template: 'return_confirmed_for_seller' } })).toBe(0);
    await expectLedgerHealthy(t);
  });

  it('refund_buyer after dispatch, the return confirmed by the mediation team: the seller is told the case is closed', async () => {
    const { id, disputeId } = await disputed(await dispatched(1_000));
    expect((await rule(admin, disputeId, { outcome: 'refund_buyer', note: 'Courier proof of return' })).statusCode).toBe(200);
    const confirmed = await action(t, admin, id, 'confirm_return');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const sms = await t.ctx.db.smsMessage.findMany({
      where: { transactionId: id, template: { in: ['refunded', 'return_confirmed_for_seller'] } },
    });
    expect(sms.map((message) => [message.phoneNumber, message.template]).sort()).toEqual(
      [
        [buyer.phone, 'refunded'],
        [seller.phone, 'return_confirmed_for_seller'],
      ].sort(),
    );
    expect(sms.find((message) => message.phoneNumber === seller.phone)?.message).toMatch(
      /^ESC-[A-Z0-9-]+: our mediation team confirmed the item is back with you\. KES 1,025 is being refunded to the buyer; the case is closed\.$/,
    );
    await expectLedgerHealthy(t);
  });

  it('split: refunds the buyer part, releases the rest less the seller fee, and completes', async () => {
    const { id, disputeId } = await disputed(await dispatched(2_000));
    const invalid: [Record<string, unknown>, number][] = [
      [{ outcome: 'split', note: 'no amount' }, 400],
      [{ outcome: 'split', buyer_amount: 'lots', note: 'bad amount' }, 400],
      [{ outcome: 'refund_buyer', buyer_amount: 100, note: 'amount on a refund' }, 400],
      [{ outcome: 'halve', note: 'unknown outcome' }, 400],
      [{ outcome: 'split', buyer_amount: 500 }, 400],
      [{ outcome: 'split', buyer_amount: 0, note: 'nothing to the buyer' }, 422],
      [{ outcome: 'split', buyer_amount: 2_000, note: 'everything to the buyer' }, 422],
      [{ outcome: 'split', buyer_amount: 500.5, note: 'cents' }, 422],
    ];
    for (const [body, status] of invalid) {
      const response = await rule(admin, disputeId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (status === 422) expect(response.json().errors.buyer_amount).toBeDefined();
    }
    expect(
      (await rule(admin, '00000000-0000-7000-8000-000000000000', { outcome: 'release_seller', note: 'unknown dispute' })).statusCode,
    ).toBe(404);

    const ruled = await rule(admin, disputeId, { outcome: 'split', buyer_amount: 500, note: 'Minor scratches: partial refund' });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(ruled.json().data.transaction).toMatchObject({ status: 'completed', refunded_amount: '500.00' });
    expect(ruled.json().data.dispute).toMatchObject({ outcome: 'split', buyer_amount: '500.00', seller_amount: '1500.00' });
    const payouts = await settlePayouts(t, id);
    expect(payouts.map((payout) => [payout.kind, payout.amountCents, payout.status]).sort()).toEqual([
      ['buyer_refund', 50_000n, 'completed'],
      ['seller_payout', 146_000n, 'completed'],
    ]);
    expect(await escrowBalance(t.ctx.db, id)).toBe(0n);
    expect(eventsAfter(await detail(t, buyer, id), 'dispute_initiated').slice(0, 3)).toEqual([
      'dispute_resolved',
      'refund_initiated',
      'payout_initiated',
    ]);
    expect((await rule(admin, disputeId, { outcome: 'split', buyer_amount: 400, note: 'again' })).statusCode).toBe(409);
    await expectLedgerHealthy(t);

    const refused = await refundRequest(buyer, id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/split \(KES 500 refunded to you\).*final/);
  });

  it('records exactly one ruling when ten arrive at once', async () => {
    const { id, disputeId } = await disputed(await dispatched(1_100));
    const outcomes = ['release_seller', 'refund_buyer', 'split'] as const;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => {
        const outcome = outcomes[index % 3]!;
        return rule(admin, disputeId, { outcome, note: `Ruling ${index}`, ...(outcome === 'split' ? { buyer_amount: 300 } : {}) });
      }),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(9);
    for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json().message).toMatch(/already been ruled/);
    expect(await t.ctx.db.auditLog.count({ where: { entity: 'dispute', entityId: disputeId } })).toBe(1);
    expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: id, kind: { in: ['release', 'refund'] } } })).toBeLessThanOrEqual(
      2,
    );
    await settlePayouts(t, id);
    await expectLedgerHealthy(t);
  });

  it('tells the loser of two rulings at once that the dispute has already been ruled', async () => {
    // Never dispatched: the winner refunds at once, so the loser, waiting on the row lock, finds it refunded.
    const { disputeId } = await disputed(await funded(1_200), seller);
    const answers = await Promise.all(
      ['First ruling', 'Second ruling'].map((note) => rule(admin, disputeId, { outcome: 'refund_buyer', note })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    // Was "This action is not allowed now (status: refunded)".
    expect(loser.json()).toMatchObject({
      code: 'INVALID_STATE',
      message: 'This dispute has already been ruled on. The ruling is final and cannot be changed.',
    });
  });

  it('tells the loser of two return confirmations at once that the return was already confirmed, and refunds once', async () => {
    // The seller twice (a double tap, two devices), and the seller with the mediation team confirming for them.
    for (const [first, second] of [
      [seller, seller],
      [seller, admin],
    ] as const) {
      const { id, disputeId } = await disputed(await dispatched(1_000));
      expect((await rule(admin, disputeId, { outcome: 'refund_buyer', note: 'Return the phone' })).statusCode).toBe(200);
      const answers = await Promise.all([first, second].map((user) => action(t, user, id, 'confirm_return')));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((answer) => answer.statusCode === 409)!;
      // Was "There is no returned item to confirm: this follows a refund ruling on a dispatched item (status: refunded)".
      expect(loser.json()).toMatchObject({
        code: 'INVALID_STATE',
        message: "The return was already confirmed: the buyer's refund is on its way.",
      });
      expect(await t.ctx.db.refund.count({ where: { transactionId: id } })).toBe(1);
      expect(await t.ctx.db.ledgerJournal.count({ where: { transactionId: id, kind: 'refund' } })).toBe(1);
      const returns = (await detail(t, buyer, id)).timeline.filter(
        (event: { data?: { return_confirmed?: boolean } }) => event.data?.return_confirmed,
      );
      expect(returns).toHaveLength(1);
      const [payout] = await settlePayouts(t, id);
      expect(payout).toMatchObject({ kind: 'buyer_refund', status: 'completed', amountCents: 102_500n });
    }
    await expectLedgerHealthy(t);
  });

  it('says, to whoever asks to confirm a confirmed return, where the refund is: on its way, paid, or not sent', async () => {
    const again = async (user: MadeUser, id: string) => {
      const answer = await action(t, user, id, 'confirm_return');
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().code).toBe('INVALID_STATE');
      return answer.json().message as string;
    };
    const { id, disputeId } = await disputed(await dispatched(1_000));
    expect((await rule(admin, disputeId, { outcome: 'refund_buyer', note: 'Return the phone' })).statusCode).toBe(200);
    expect((await action(t, seller, id, 'confirm_return')).statusCode).toBe(200);
    // Was "The return was already confirmed: the buyer is being refunded." to each of them, before and after the refund was paid.
    expect(await again(seller, id)).toBe("The return was already confirmed: the buyer's refund is on its way.");
    expect(await again(admin, id)).toBe("The return was already confirmed: the buyer's refund is on its way.");
    expect(await again(buyer, id)).toBe('The return was already confirmed: your refund is on its way.');
    expect((await settlePayouts(t, id)).map((payout) => payout.status)).toEqual(['completed']);
    expect(await again(seller, id)).toBe("The return was already confirmed: the buyer's refund has been paid.");
    expect(await again(admin, id)).toBe("The return was already confirmed: the buyer's refund has been paid.");
    expect(await again(buyer, id)).toBe('The return was already confirmed: your refund has been paid.');

    // Paid from a phone M-Pesa will not pay back (…2040): the refund fails for good after its retries.
    const created = await createTransaction(t, buyer, standard(1_000));
    expect((await payAndSettle(t, buyer, created.id, { phone_number: randomPhone('2040') })).status).toBe('completed');
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);
    const failing = await disputed(created.id);
    expect((await rule(admin, failing.disputeId, { outcome: 'refund_buyer', note: 'Return the phone' })).statusCode).toBe(200);
    expect((await action(t, seller, created.id, 'confirm_return')).statusCode).toBe(200);
    const refund = await eventually(async () => {
      await t.ctx.jobs.drain({ queues: ['payouts.send'], until: new Date(Date.now() + 24 * 3600_000) });
      const row = await t.ctx.db.payout.findFirstOrThrow({ where: { transactionId: created.id, kind: 'buyer_refund' } });
      return row.status === 'failed' ? row : null;
    }, 20_000);
    expect(refund.status).toBe('failed');
    expect(await again(seller, created.id)).toBe(
      "The return was already confirmed, but the buyer's refund could not be sent: our team will contact them.",
    );
    expect(await again(buyer, created.id)).toBe(
      'The return was already confirmed, but your refund could not be sent: our team will contact you.',
    );
    // The admin is that team: told "our team will contact them", nobody would send it again.
    expect(await again(admin, created.id)).toBe(
      "The return was already confirmed, but the buyer's refund could not be sent: send it again from Alerts (Payouts stuck or failed).",
    );
    await expectLedgerHealthy(t);
  });

  it('release_seller on a part-paid plan refuses the withdrawal and lets the plan go on', async () => {
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 4_000,
      total_cost: 20_000,
      product_name: 'Fridge',
      transaction_type: 'lipa_mdogo_mdogo',
      installment_months: 3,
    });
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, buyer, created.id, 'withdrawal_request', { reason: 'I do not need it any more' })).statusCode).toBe(200);
    expect((await action(t, seller, created.id, 'withdrawal_response', { accept: false })).statusCode).toBe(200);
    const disputeId = (await detail(t, buyer, created.id)).dispute.id as string;
    const ruled = await rule(admin, disputeId, { outcome: 'release_seller', note: 'The fridge was ordered specially; the plan stands' });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(ruled.json().data.transaction).toMatchObject({ status: 'installment', amount_paid: '4000.00' });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(400_000n);
    expect(await t.ctx.db.payout.count({ where: { transactionId: created.id } })).toBe(0);
    // The buyer keeps paying and the plan completes as usual.
    await payAndSettle(t, buyer, created.id, { amount: 16_000 });
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('funded');
    await expectLedgerHealthy(t);
  });

  it("shows admins what became of the seller's payout after a ruling: failed, then returned to the buyer", async () => {
    const payee = await makeUser(t.app, { userType: 'seller', phone: randomPhone('2040') }); // M-Pesa refuses to pay …2040
    const created = await createTransaction(t, buyer, { ...standard(1_000), seller_phone: payee.phone });
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    expect((await action(t, payee, created.id, 'dispatch')).statusCode).toBe(200);
    const { disputeId } = await disputed(created.id);
    expect((await rule(admin, disputeId, { outcome: 'release_seller', note: 'Delivered as described' })).statusCode).toBe(200);
    const failed = await failedSellerPayout(t, created.id);
    const adminCase = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/disputes/${disputeId}`, headers: bearer(admin) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    // The case said only that the ruling released the escrow: the admin view read "Released to the seller".
    expect((await adminCase()).seller_payout).toMatchObject({ amount: '975.00', status: 'failed', rail: 'mpesa', receipt: null });

    const returned = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${failed.id}/return_to_buyer`,
      headers: bearer(admin),
      payload: {},
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const after = await adminCase();
    expect(after.seller_payout).toMatchObject({ status: 'returned' });
    expect(after.transaction).toMatchObject({ status: 'refunded' });
    // What the admin view states the buyer got back: everything they paid.
    expect(after.transaction.quote.refunded).toBe(after.transaction.quote.paid_in);
  });

  it('tells the seller of a split whose payout went back what the buyer got back in all, the figure the page shows', async () => {
    const payee = await makeUser(t.app, { userType: 'seller', phone: randomPhone('2040') }); // M-Pesa refuses to pay …2040
    const created = await createTransaction(t, buyer, { ...standard(1_000), seller_phone: payee.phone });
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    expect((await action(t, payee, created.id, 'dispatch')).statusCode).toBe(200);
    const { disputeId } = await disputed(created.id);
    expect((await rule(admin, disputeId, { outcome: 'split', buyer_amount: 400, note: 'Half the order arrived' })).statusCode).toBe(200);
    const failed = await failedSellerPayout(t, created.id);
    const returned = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${failed.id}/return_to_buyer`,
      headers: bearer(admin),
      payload: {},
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const { quote } = (await detail(t, buyer, created.id)).transaction;
    expect(quote.refunded).toBe(quote.paid_in);
    const sms = await t.ctx.db.smsMessage.findFirstOrThrow({
      where: { transactionId: created.id, phoneNumber: payee.phone, template: 'payout_returned_seller' },
    });
    // Named only the return's part (the seller's share), though the split had already refunded the rest:
    // "the buyer gets back all they paid" then read a smaller sum than the page's.
    expect(sms.message).toContain(`the buyer gets back all they paid, ${formatKes(parseAmount(quote.refunded)!)} with fees`);
  });

  it('lists disputes for admins by status with their evidence count, and shows one with its transaction', async () => {
    const { id, disputeId } = await disputed(await dispatched(700));
    expect((await textEvidence(seller, id, { kind: 'statement', description: 'Sent by G4S' })).statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/disputes?status=open&per_page=100', headers: bearer(admin) });
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().data.disputes.find((item: { id: string }) => item.id === disputeId);
    expect(row).toMatchObject({
      transaction_id: id,
      amount: '700.00',
      status: 'open',
      opened_by: 'buyer',
      outcome: null,
      responded_at: null,
      evidence_count: 1,
      reason: 'not_as_described',
    });
    expect(list.json().data.disputes.every((item: { status: string }) => item.status === 'open')).toBe(true);
    expect(list.json().data.pagination).toMatchObject({ current_page: 1, per_page: 100 });
    const resolved = await t.app.inject({ method: 'GET', url: '/api/admin/disputes?status=resolved', headers: bearer(admin) });
    expect(resolved.json().data.disputes.some((item: { id: string }) => item.id === disputeId)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/disputes?status=bogus', headers: bearer(admin) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/disputes', headers: bearer(seller) })).statusCode).toBe(403);

    const one = await t.app.inject({ method: 'GET', url: `/api/admin/disputes/${disputeId}`, headers: bearer(admin) });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toMatchObject({
      dispute: { id: disputeId, status: 'open', resolved_by: null },
      transaction: { id, status: 'disputed', my_role: 'admin' },
      evidence: [{ kind: 'statement', submitted_by: 'seller' }],
    });
  });
});

describe('refund policy', () => {
  it('routes a refund request by state: cancel before dispatch, withdrawal on a plan, dispute after dispatch', async () => {
    const fundedId = await funded(1_000);
    expect((await refundRequest(seller, fundedId)).statusCode).toBe(403);
    expect((await refundRequest(stranger, fundedId)).statusCode).toBe(404);
    const cancelled = await refundRequest(buyer, fundedId, 'Ordered twice by mistake');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ road: 'cancel', transaction: { status: 'refunded', refunded_amount: '1025.00' } });
    await settlePayouts(t, fundedId);

    const shipped = await dispatched(1_000);
    const dispute = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${shipped}/refund_request`,
      headers: bearer(buyer),
      payload: { reason: 'Never arrived', dispute_type: 'non_delivery' },
    });
    expect(dispute.statusCode, dispute.body).toBe(200);
    expect(dispute.json().data).toMatchObject({ road: 'dispute', transaction: { status: 'disputed' } });
    expect((await detail(t, buyer, shipped)).dispute).toMatchObject({ reason: 'non_delivery', status: 'open' });
    const open = await refundRequest(buyer, shipped);
    expect(open.statusCode).toBe(409);

    const planned = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 4_000,
      total_cost: 20_000,
      product_name: 'Bed',
      transaction_type: 'lipa_mdogo_mdogo',
    });
    await payAndSettle(t, buyer, planned.id);
    const withdrawal = await refundRequest(buyer, planned.id, 'Moving abroad');
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    expect(withdrawal.json().data).toMatchObject({ road: 'withdrawal', transaction: { status: 'installment' } });
    await expectLedgerHealthy(t);
  });

  it('answers 422 with the reason when nothing can be refunded', async () => {
    const expect422 = async (transactionId: string, pattern: RegExp) => {
      const response = await refundRequest(buyer, transactionId);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toMatchObject({ success: false, code: 'BUSINESS_RULE' });
      expect(response.json().message).toMatch(pattern);
    };

    // Completed with no dispute / change of mind after delivery.
    const released = await dispatched(900);
    expect((await action(t, buyer, released, 'release_payment')).statusCode).toBe(200);
    await expect422(released, /change of mind after delivery/);
    // The state machine keeps its own answer to the raw actions.
    expect((await action(t, buyer, released, 'dispute', { reason: 'Changed my mind' })).statusCode).toBe(409);
    expect((await action(t, buyer, released, 'cancel')).statusCode).toBe(409);

    // Released automatically after the inspection window: too late for a dispute.
    const lapsed = await dispatched(800);
    await t.ctx.db.transaction.update({ where: { id: lapsed }, data: { inspectionEndsAt: new Date(Date.now() - 1000) } });
    await t.ctx.jobs.drain({ until: new Date(Date.now() + 4 * 24 * 3600_000) });
    expect((await detail(t, buyer, lapsed)).transaction.status).toBe('completed');
    await expect422(lapsed, /inspection period ended .* Disputes must be raised before release/);

    // A ruling for the seller is final.
    const { id: ruledId, disputeId } = await disputed(await dispatched(600));
    expect((await rule(admin, disputeId, { outcome: 'release_seller', note: 'Delivered' })).statusCode).toBe(200);
    await expect422(ruledId, /ruled in favour of the seller.*final/);

    // Nothing paid, cancelled, already refunded.
    const unpaid = await createTransaction(t, buyer, standard(300));
    await expect422(unpaid.id, /Nothing has been paid/);
    expect((await action(t, buyer, unpaid.id, 'cancel')).statusCode).toBe(200);
    await expect422(unpaid.id, /cancelled before any payment/);
    const refunded = await funded(500);
    expect((await action(t, seller, refunded, 'cancel')).statusCode).toBe(200);
    await expect422(refunded, /already refunded \(KES 5\d\d\)/);
    await expectLedgerHealthy(t);
  });

  it('records who released the escrow, so the refund answer does not hang on two timestamps', async () => {
    // A buyer of its own: this file's buyer has used up the hourly M-Pesa prompts.
    const payer = await makeUser(t.app, { userType: 'buyer' });
    const releasedBy = async (id: string) => (await t.ctx.db.transaction.findUniqueOrThrow({ where: { id } })).releasedBy;
    const shipped = async (amount: number) => {
      const created = await createTransaction(t, payer, standard(amount));
      await payAndSettle(t, payer, created.id);
      expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);
      return created.id;
    };
    const ruledId = await shipped(700);
    expect((await action(t, payer, ruledId, 'dispute', { reason: 'Not as shown', dispute_type: 'not_as_described' })).statusCode).toBe(200);
    const disputeId = (await detail(t, payer, ruledId)).dispute.id as string;
    expect((await rule(admin, disputeId, { outcome: 'release_seller', note: 'Delivered' })).statusCode).toBe(200);
    expect(await releasedBy(ruledId)).toBe('ruling');
    // The completion time no longer equals the ruling's: the recorded reason still answers.
    await t.ctx.db.transaction.update({ where: { id: ruledId }, data: { completedAt: new Date(Date.now() + 60_000) } });
    const response = await refundRequest(payer, ruledId);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toMatch(/ruled in favour of the seller.*final/);

    const released = await shipped(650);
    expect((await action(t, payer, released, 'release_payment')).statusCode).toBe(200);
    expect(await releasedBy(released)).toBe('buyer');
  });
});

describe('OpenAPI', () => {
  it('documents the dispute, withdrawal, refund and plan endpoints', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<
      string,
      Record<string, { requestBody?: { content: Record<string, unknown> }; description?: string }>
    >;
    for (const [path, method] of [
      ['/api/transactions/{id}/dispute', 'get'],
      ['/api/transactions/{id}/dispute/evidence', 'post'],
      ['/api/transactions/{id}/dispute/respond', 'post'],
      ['/api/transactions/{id}/confirm_return', 'post'],
      ['/api/transactions/{id}/refund_request', 'post'],
      ['/api/transactions/{id}/withdrawal_request', 'post'],
      ['/api/transactions/{id}/withdrawal_response', 'post'],
      ['/api/disputes/evidence/{evidenceId}/file', 'get'],
      ['/api/admin/disputes', 'get'],
      ['/api/admin/disputes/{id}', 'get'],
      ['/api/admin/disputes/{id}/resolve', 'post'],
      ['/api/admin/installments/flagged', 'get'],
      ['/api/v1/plans/calculate', 'get'],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(paths['/api/transactions/{id}/dispute/evidence']!.post!.requestBody!.content).sort()).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    expect(paths['/api/admin/disputes/{id}/resolve']!.post!.description).toMatch(/final/);
  });
});
