import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '@shared/schemas/attachments';
import { buildUser, logIn } from '../../test/factories';
import { buildTicket, callerOf, type Caller } from '../../test/ticket-factories';
import { setupTestApp } from '../../test/test-app';
import { detectDocument, safeFilename, storeAttachment } from './attachment-store';

const t = setupTestApp();

let staff: Caller;
let client: Caller;
let otherClient: Caller;
let fulfilment: Caller;

beforeAll(async () => {
  staff = await callerOf(t, 'staff', { firstName: 'Sam' });
  client = await callerOf(t, 'client', { email: 'ada@example.com', firstName: 'Ada' });
  otherClient = await callerOf(t, 'client', { email: 'bob@example.com' });
  const built = await buildUser(t.db, { accountType: 'staff', staffRole: 'fulfilment' });
  fulfilment = { built, agent: t.agent() };
  await logIn(fulfilment.agent, built);
});

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 20, b: 20 } } })
    .png()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .gif()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const binary = (res: { on: (e: string, f: (c?: Buffer) => void) => void }, done: (e: null, b: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk) => chunks.push(chunk!));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

async function replyWithFiles(caller: Caller, ticketId: string, files: [Buffer, string][], message = 'See attached') {
  let request = caller.agent.post(`/api/service-requests/${ticketId}/replies`).field('message', message);
  for (const [data, name] of files) request = request.attach('files', data, name);
  return request;
}

describe('storing by content', () => {
  it('re-encodes images as WebP (GIF too), without metadata, fitted to 1600 px', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const big = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: '#0a0' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
    const res = await replyWithFiles(client, ticket.id, [
      [big, 'photo.JPG'],
      [await gif(), 'anim.gif'],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [photo, anim] = res.body.event.attachments;
    expect(photo).toMatchObject({ filename: 'photo.webp', contentType: 'image/webp', isImage: true });
    expect(anim).toMatchObject({ filename: 'anim.webp', contentType: 'image/webp', isImage: true });
    const download = await client.agent.get(photo.url).buffer(true).parse(binary);
    expect(download.status).toBe(200);
    const meta = await sharp(download.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 500 });
    expect(meta.exif).toBeUndefined();
    expect((download.body as Buffer).includes('secret-camera-owner')).toBe(false);
  });

  it('keeps PDF, text, CSV, Office and ZIP files byte for byte, typed by their bytes', async () => {
    expect(detectDocument(PDF, 'pdf')?.contentType).toBe('application/pdf');
    expect(detectDocument(Buffer.from('a,b\n1,2\n'), 'csv')?.contentType).toBe('text/csv; charset=utf-8');
    expect(detectDocument(Buffer.from('hello\n'), 'txt')?.contentType).toBe('text/plain; charset=utf-8');
    const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....')]);
    expect(detectDocument(docx, 'docx')?.contentType).toMatch(/wordprocessingml/);
    expect(detectDocument(docx, 'exe')?.contentType).toBe('application/zip');
    expect(detectDocument(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0xff]), 'pdf')).toBeUndefined();

    const ticket = await buildTicket(t.db, client.built.user);
    const res = await replyWithFiles(client, ticket.id, [
      [PDF, 'report.pdf'],
      [docx, 'setup.exe'],
    ]);
    expect(res.status).toBe(201);
    const [pdf, zip] = res.body.event.attachments;
    expect(pdf).toMatchObject({
      filename: 'report.pdf',
      contentType: 'application/pdf',
      isImage: false,
      size: PDF.length,
    });
    // A ZIP named .exe is a ZIP: its name says so, and it is served as one.
    expect(zip).toMatchObject({ filename: 'setup.exe.zip', contentType: 'application/zip' });
    const stored = await t.db('attachments').where({ id: pdf.id }).first();
    expect(Buffer.compare(stored.content, PDF)).toBe(0);
  });

  it('refuses what is not an accepted kind by its bytes, whatever its name or declared type (415), and changes nothing', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const html = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<script>alert(1)</script>')]);
    const exe = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]);
    for (const [data, name] of [
      [exe, 'invoice.pdf'],
      [html, 'photo.png'],
      [Buffer.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x00, 0xff, 0x00, 0x01]), 'x.gif'],
    ] as [Buffer, string][]) {
      const res = await client.agent
        .post(`/api/service-requests/${ticket.id}/replies`)
        .field('message', 'hi')
        .attach('files', data, { filename: name, contentType: 'application/pdf' });
      expect(res.status, name).toBe(415);
      expect(res.body.message).toMatch(/^attachments: .* is not a kind of file we accept/);
    }
    expect(await t.db('ticket_events').where({ ticketId: ticket.id })).toEqual([]);
    expect(
      await t.db('attachments').where({ uploadedById: client.built.user.id }).whereIn('filename', ['invoice.pdf']),
    ).toEqual([]);
  });

  it('refuses a decompression bomb, an empty file, too many files and a file over the size limit', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    // 10,000 × 10,000 pixels in a few kilobytes: refused before it is decoded.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(ATTACHMENT_MAX_BYTES);
    const bombed = await replyWithFiles(client, ticket.id, [[bomb, 'bomb.png']]);
    expect(bombed.status).toBe(400);
    expect(bombed.body.message).toEqual(
      { message: 'attachments: the image is too large in pixels (at most 40 megapixels)' }.message,
    );
    const empty = await replyWithFiles(client, ticket.id, [[Buffer.alloc(0), 'empty.txt']]);
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: 'attachments: empty.txt is empty' });
    const six = await replyWithFiles(
      client,
      ticket.id,
      Array.from({ length: 6 }, (_, i) => [PDF, `p${i}.pdf`] as [Buffer, string]),
    );
    expect(six.status).toBe(400);
    expect(six.body).toEqual({ message: 'attachments: at most 5 files at a time' });
    const huge = Buffer.concat([PDF, Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    const tooBig = await replyWithFiles(client, ticket.id, [[huge, 'huge.pdf']]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ message: 'attachments: the file must be at most 10 MB' });
    const noMessage = await replyWithFiles(client, ticket.id, [[PDF, 'a.pdf']], '');
    expect(noMessage.status).toBe(400);
    expect(await t.db('ticket_events').where({ ticketId: ticket.id })).toEqual([]);
  });

  it('cleans file names (paths, control and bidirectional characters, length)', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\Users\\x\\report.pdf')).toBe('report.pdf');
    expect(safeFilename('in\u202evoice\u0000fdp.exe')).toBe('invoicefdp.exe');
    expect(safeFilename('...')).toBe('file');
    expect([...safeFilename('a'.repeat(500))].length).toBe(180);
  });

  it('storeAttachment stores for any owner in the caller transaction', async () => {
    const ownerId = '00000000-0000-4000-8000-00000000abcd';
    await t.db.transaction(async (trx) => {
      const stored = await storeAttachment(trx, {
        // A kind no module registers access for (inbound_email is inbound-email's, since the merge).
        ownerType: 'unregistered_owner',
        ownerId,
        filename: 'n.txt',
        data: Buffer.from('hi'),
      });
      expect(stored).toMatchObject({ filename: 'n.txt', contentType: 'text/plain; charset=utf-8', size: 2 });
    });
    // No owner access is registered for this kind here: nobody downloads it.
    const row = await t.db('attachments').where({ ownerId }).first();
    expect((await staff.agent.get(`/api/attachments/${row.id}`)).status).toBe(404);
  });
});

describe('downloads', () => {
  it('are always attachments with nosniff and the stored type; never inline', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const res = await replyWithFiles(client, ticket.id, [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'page.html'],
      [await png(10, 10), 'shot.png'],
    ]);
    expect(res.status).toBe(201);
    const [text, image] = res.body.event.attachments;
    expect(text).toMatchObject({ filename: 'page.html.txt', contentType: 'text/plain; charset=utf-8' });
    const download = await staff.agent.get(text.url);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.headers['content-disposition']).toBe('attachment; filename="page.html.txt"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const picture = await staff.agent.get(image.url);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.headers['content-disposition']).toBe('attachment; filename="shot.webp"');
  });

  it('only for the ticket client and staff who work tickets: others get 404, an internal note is staff only', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const reply = await replyWithFiles(client, ticket.id, [[PDF, 'mine.pdf']]);
    const url = reply.body.event.attachments[0].url as string;
    expect((await client.agent.get(url)).status).toBe(200);
    expect((await staff.agent.get(url)).status).toBe(200);
    const other = await otherClient.agent.get(url);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'Attachment not found' });
    expect((await t.request().get(url)).status).toBe(404);
    expect((await fulfilment.agent.get(url)).status).toBe(404);
    expect((await client.agent.get('/api/attachments/not-an-id')).status).toBe(404);

    const note = await staff.agent
      .post(`/api/service-requests/${ticket.id}/replies`)
      .field('message', 'internal')
      .field('internal', 'true')
      .attach('files', PDF, 'note.pdf');
    expect(note.status).toBe(201);
    const noteUrl = note.body.event.attachments[0].url as string;
    expect((await staff.agent.get(noteUrl)).status).toBe(200);
    expect((await client.agent.get(noteUrl)).status).toBe(404);

    // The thread lists files with each entry; the client's thread has no note.
    const staffThread = await staff.agent.get(`/api/service-requests/${ticket.id}`);
    expect(
      staffThread.body.events.map((e: { attachments: { filename: string }[] }) => e.attachments.map((a) => a.filename)),
    ).toEqual([['mine.pdf'], ['note.pdf']]);
    const clientThread = await client.agent.get(`/api/service-requests/${ticket.id}`);
    expect(clientThread.body.events).toHaveLength(1);
    expect(clientThread.body.events[0].attachments[0]).toMatchObject({ filename: 'mine.pdf', size: PDF.length });
  });

  it("a staff reply's email names its files (they are downloaded from the portal, never mailed)", async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const res = await replyWithFiles(staff, ticket.id, [[PDF, 'quote.pdf']], 'Here is the quote');
    expect(res.status).toBe(201);
    const [mail] = await t.db('mails').where({ idempotencyKey: `service-request-reply:${res.body.event.id}` });
    expect(mail.data).toMatchObject({ reply: 'Here is the quote', attachments: ['quote.pdf'] });
    expect(await t.db('mail_attachments').where({ mailId: mail.id })).toEqual([]);
  });

  it('another client cannot attach to a ticket not theirs: 404 before the files are read', async () => {
    const ticket = await buildTicket(t.db, client.built.user);
    const res = await replyWithFiles(otherClient, ticket.id, [[PDF, 'x.pdf']]);
    expect(res.status).toBe(404);
    expect(await t.db('ticket_events').where({ ticketId: ticket.id })).toEqual([]);
  });
});
