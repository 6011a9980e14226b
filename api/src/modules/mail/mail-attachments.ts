import type { Knex } from 'knex';
import { MAIL_ATTACHMENTS_MAX_BYTES } from './outbox';

/**
 * Makers of attachments named by their source ("<kind>:<id>"), by kind: the
 * file's content, or undefined when there is nothing to make.
 */
export type AttachmentSources = Readonly<Record<string, (db: Knex, id: string) => Promise<Buffer | undefined>>>;

interface AttachmentRow {
  id: string;
  filename: string;
  contentType: string;
  source: string | null;
  content: Buffer | null;
}

/** A file's source could not be made into a file: the mail cannot be sent as written. */
export class UnmadeAttachment extends Error {}

/** A mail's files, in order; those named by a source are made now, once, and kept. */
export async function loadAttachments(
  db: Knex,
  attachmentSources: AttachmentSources,
  mailId: string,
): Promise<{ filename: string; contentType: string; content: Buffer }[]> {
  const rows = await db('mail_attachments')
    .where({ mailId })
    .orderBy('position')
    .select<AttachmentRow[]>('id', 'filename', 'contentType', 'source', 'content');
  const files = [];
  let total = 0;
  for (const row of rows) {
    let content = row.content;
    if (content === null) {
      const [kind = '', ...rest] = (row.source ?? '').split(':');
      const make = Object.hasOwn(attachmentSources, kind) ? attachmentSources[kind] : undefined;
      if (!make) throw new UnmadeAttachment(`No maker for the attachment source "${row.source}"`);
      const made = await make(db, rest.join(':'));
      if (!made) throw new UnmadeAttachment(`The attachment "${row.filename}" (${row.source}) could not be made`);
      content = made;
      await db('mail_attachments').where({ id: row.id }).update({ content, size: content.length });
    }
    total += content.length;
    files.push({ filename: row.filename, contentType: row.contentType, content });
  }
  if (total > MAIL_ATTACHMENTS_MAX_BYTES) {
    throw new UnmadeAttachment(`The attachments weigh ${total} bytes, over the ${MAIL_ATTACHMENTS_MAX_BYTES} allowed`);
  }
  return files;
}
