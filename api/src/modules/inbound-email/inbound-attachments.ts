import type { Knex } from 'knex';
import type { ParsedMail } from 'mailparser';
import type { Attachment } from '@shared/schemas/attachments';
import { attachmentsOf, prepareAttachment, type PreparedAttachment } from '../attachments/attachment-store';
import type { User } from '../users/user.model';

/** The owner type of a received email's files that went to no ticket reply (enquiries, quote replies, the rest). */
export const INBOUND_EMAIL_OWNER = 'inbound_email';

/** Who may download such a file: staff who read received email (the permission of its staff page). */
export async function inboundEmailAttachmentAccess(_db: Knex, user: User | null): Promise<boolean> {
  return Boolean(user?.isStaff && user.may('enquiries.read'));
}

/** Parts a mail program makes of a bounce or a forwarded message: kept in the raw message, not stored as files. */
const STRUCTURAL_TYPES = new Set([
  'message/delivery-status',
  'message/global-delivery-status',
  'message/rfc822',
  'text/rfc822-headers',
  'message/global-headers',
]);

export interface InboundFiles {
  /** The files the attachment store took (images re-encoded, documents checked by their bytes). */
  prepared: PreparedAttachment[];
  /** For staff: every file of the mail, and why one was not stored (it stays in the raw message). */
  listed: { filename: string; contentType: string; size: number; refused: string | null }[];
}

/**
 * A mail's files through the attachment store's checks (decision 190), outside any transaction: size and kind
 * limits, images re-encoded. A file it refuses does not refuse the mail: it is listed, with the reason, and stays
 * viewable in the raw message.
 */
export async function prepareInboundFiles(parsed: ParsedMail): Promise<InboundFiles> {
  const files: InboundFiles = { prepared: [], listed: [] };
  for (const part of parsed.attachments) {
    const filename = part.filename ?? 'attachment';
    const contentType = part.contentType;
    if (STRUCTURAL_TYPES.has(contentType.toLowerCase())) continue;
    try {
      files.prepared.push(await prepareAttachment({ filename, data: part.content }));
      files.listed.push({ filename, contentType, size: part.content.length, refused: null });
    } catch (err) {
      const reason = (err as Error).message.replace(/^attachments: /, '');
      files.listed.push({ filename, contentType, size: part.content.length, refused: reason.slice(0, 300) });
    }
  }
  return files;
}

/** A received email's stored files (those not stored with a ticket reply). */
export async function filesOfInboundEmail(db: Knex, id: string): Promise<Attachment[]> {
  return (await attachmentsOf(db, INBOUND_EMAIL_OWNER, [id])).get(id) ?? [];
}
