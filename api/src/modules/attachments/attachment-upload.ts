import type { Context } from 'koa';
import { ATTACHMENT_FIELD, ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '@shared/schemas/attachments';
import { readMultipartForm, type MultipartForm } from '../../middleware/multipart';

/**
 * A form that carries files in its `files` field (up to ATTACHMENT_MAX_FILES,
 * each at most ATTACHMENT_MAX_BYTES) beside the text fields named, read by the
 * hardened multipart reader (decision 150). The files are checked by content
 * when stored (storeAttachment), not here.
 */
export function readAttachmentForm(
  ctx: Context,
  { textFields, maxFieldBytes }: { textFields: readonly string[]; maxFieldBytes: number },
): Promise<MultipartForm> {
  return readMultipartForm(ctx, {
    label: 'attachments',
    fileFields: [ATTACHMENT_FIELD],
    maxFileBytes: ATTACHMENT_MAX_BYTES,
    maxFiles: ATTACHMENT_MAX_FILES,
    textFields,
    maxFieldBytes,
  });
}
