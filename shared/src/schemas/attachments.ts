import { z } from 'zod';

/**
 * Files attached to ticket replies (and, through the same store, to inbound
 * emails): what the API accepts and what a thread shows. The kinds are
 * decided by the file's bytes, never by its declared type or name.
 */

/** Largest file, in bytes, before any re-encoding. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Most files on one reply. */
export const ATTACHMENT_MAX_FILES = 5;
/** The form field files travel in. */
export const ATTACHMENT_FIELD = 'files';

/** What the store keeps: images (re-encoded as WebP) and these documents, kept byte for byte. */
export const ATTACHMENT_ACCEPTED_TEXT =
  'PNG, JPEG, WebP or GIF images, PDF, plain text or CSV, Word, Excel or PowerPoint documents, and ZIP archives';
/** The file input's `accept` list: a hint for the browser's picker; the server checks the bytes anyway. */
export const ATTACHMENT_ACCEPT =
  'image/png,image/jpeg,image/webp,image/gif,application/pdf,text/plain,text/csv,.txt,.csv,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.zip';

export const attachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** An image (re-encoded; may be shown as a thumbnail) or another file (always a download). */
  isImage: z.boolean(),
  url: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentUrl = (id: string) => `/api/attachments/${id}`;

/** "2.4 MB", "10 MB", "830 KB", "12 bytes". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
