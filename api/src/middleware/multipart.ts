import busboy from 'busboy';
import type { Context } from 'koa';
import { BadRequest, HttpError } from '../errors';

/**
 * The hardened multipart/form-data reader (decision 150), shared by every
 * upload: the product image (catalog/image-upload.ts) and attachments
 * (attachments/attachment-upload.ts). Every stream involved (the request, the
 * parser, each part's file) has its errors handled: a malformed or cut-off
 * form is a 400, never an unhandled 'error' event that ends the process; a
 * declared length past what the form may carry is refused before a byte is
 * read, and a file past its limit stops the upload (413).
 */
export interface MultipartLimits {
  /** Names of the form fields whose files are kept; files of other fields are skipped. */
  fileFields: readonly string[];
  /** Largest file, in bytes. */
  maxFileBytes: number;
  /** Most files kept; one more is a 400 (or skipped, with skipExtraFiles). */
  maxFiles: number;
  /** Files past maxFiles are skipped instead of refused (the product image takes the first). */
  skipExtraFiles?: boolean;
  /** Names of the text fields kept; others are skipped. */
  textFields?: readonly string[];
  /** Largest text field, in bytes (past it → 413). */
  maxFieldBytes?: number;
  /** What the answers name the upload (e.g. "image", "attachments"). */
  label: string;
}

export interface MultipartFile {
  field: string;
  /** The name the browser gave the file (untrusted; sanitised by whoever stores it). */
  filename: string;
  /** The Content-Type the browser declared (untrusted; for information only). */
  declaredType: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: MultipartFile[];
}

/** What a form's fields, boundaries and headers may add to its files' own bytes. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const fileTooLarge = (label: string, maxBytes: number) =>
  new HttpError(413, `${label}: the file must be at most ${formatMegabytes(maxBytes)} MB`);

const formatMegabytes = (bytes: number) => String(Math.round((bytes / (1024 * 1024)) * 10) / 10);

/** A request whose declared length is already past what it may send is refused before a byte is read. */
export function refuseDeclaredSize(ctx: Context, maxBytes: number, error: () => HttpError): void {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > maxBytes) throw error();
}

/** The raw bytes of a body sent as the file itself, refused past the size limit without reading further. */
export async function readRawBody(ctx: Context, maxBytes: number, label: string): Promise<Buffer> {
  const tooLarge = () => fileTooLarge(label, maxBytes);
  refuseDeclaredSize(ctx, maxBytes, tooLarge);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (err) {
    // The request's own stream failed (the client went away mid-body): its answer, not a server error.
    if (err instanceof HttpError) throw err;
    throw new BadRequest(`${label}: the upload was interrupted`);
  }
  return Buffer.concat(chunks);
}

/** Reads a multipart/form-data body within the limits given. */
export function readMultipartForm(ctx: Context, limits: MultipartLimits): Promise<MultipartForm> {
  const { label, maxFileBytes, maxFiles } = limits;
  const maxFieldBytes = limits.maxFieldBytes ?? 1024;
  const textFields = new Set(limits.textFields ?? []);
  const fileFields = new Set(limits.fileFields);
  const tooLarge = () => fileTooLarge(label, maxFileBytes);
  refuseDeclaredSize(
    ctx,
    maxFileBytes * maxFiles + maxFieldBytes * textFields.size + FORM_OVERHEAD_BYTES,
    maxFiles === 1 ? tooLarge : () => new HttpError(413, `${label}: the upload is too large`),
  );
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: {
          fileSize: maxFileBytes,
          // One more than allowed, so that too many files is told apart from a form busboy cut short.
          files: maxFiles + 5,
          fields: textFields.size + 20,
          parts: maxFiles + textFields.size + 25,
          fieldSize: maxFieldBytes,
        },
      });
    } catch {
      reject(new BadRequest(`${label}: the form data has no boundary; send it as multipart/form-data`));
      return;
    }
    const fields: Record<string, string> = {};
    const files: MultipartFile[] = [];
    let pending = 0;
    let closed = false;
    let settled = false;
    /** The answer is known: stop parsing, and let the rest of the body drain so the connection stays usable. */
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      ctx.req.unpipe(parser);
      ctx.req.resume();
      reject(error);
    };
    const finish = () => {
      if (settled || !closed || pending > 0) return;
      settled = true;
      resolve({ fields, files });
    };
    const unreadable = () =>
      fail(new BadRequest(`${label}: the form data could not be read (it is malformed or cut off)`));
    parser.on('file', (field, stream, info) => {
      // A part's stream errors when the form ends inside it; the parser reports the same problem.
      stream.on('error', unreadable);
      if (!fileFields.has(field) || settled) {
        stream.resume();
        return;
      }
      if (files.length + pending >= maxFiles) {
        stream.resume();
        if (!limits.skipExtraFiles)
          fail(new BadRequest(`${label}: at most ${maxFiles} file${maxFiles === 1 ? '' : 's'} at a time`));
        return;
      }
      pending += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        pending -= 1;
        if (settled) return;
        const data = Buffer.concat(chunks);
        // A file input left empty sends a part with no name and no bytes: nothing was chosen.
        if (data.length > 0 || info.filename) {
          files.push({ field, filename: info.filename ?? '', declaredType: info.mimeType ?? '', data });
        }
        finish();
      });
    });
    parser.on('field', (name, value, info) => {
      if (!textFields.has(name) || settled) return;
      if (info.valueTruncated) {
        fail(new HttpError(413, `${name}: must be at most ${maxFieldBytes} bytes`));
        return;
      }
      fields[name] = value;
    });
    parser.on('filesLimit', () => fail(new BadRequest(`${label}: too many files in one form`)));
    parser.on('partsLimit', () => fail(new BadRequest(`${label}: too many parts in one form`)));
    parser.on('fieldsLimit', () => fail(new BadRequest(`${label}: too many fields in one form`)));
    parser.on('error', unreadable);
    parser.on('close', () => {
      closed = true;
      finish();
    });
    // The client went away mid-body: nobody hears the answer, but the request must not wait forever.
    ctx.req.on('error', () => fail(new BadRequest(`${label}: the upload was interrupted`)));
    ctx.req.pipe(parser);
  });
}
