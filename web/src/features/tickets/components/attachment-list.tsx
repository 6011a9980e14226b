import { FileText, Paperclip } from 'lucide-react';
import { formatFileSize, type Attachment } from '@shared/schemas/attachments';
import { serverFileUrl } from '@/lib/api-client';

/**
 * The files of a reply: name, size and a download link each; an image also
 * shows a small thumbnail of the copy the server re-encoded. Every link is a
 * download (the server answers with Content-Disposition: attachment).
 */
export function AttachmentList({ attachments }: { attachments: readonly Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attachments" className="mt-2 flex flex-wrap gap-2">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <a
            href={serverFileUrl(attachment.url)}
            download={attachment.filename}
            className="flex items-center gap-2 rounded-md border border-slate-200 bg-white px-2 py-1 text-sm text-blue-800 underline-offset-2 hover:underline"
          >
            {attachment.isImage ? (
              <img
                src={serverFileUrl(attachment.url)}
                alt=""
                loading="lazy"
                className="h-10 w-10 rounded object-cover"
              />
            ) : (
              <FileText className="h-4 w-4 text-slate-500" aria-hidden="true" />
            )}
            <span className="font-medium">{attachment.filename}</span>
            <span className="text-xs text-slate-600">({formatFileSize(attachment.size)})</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The files chosen for a reply not yet sent, each removable. */
export function ChosenFiles({ files, onRemove }: { files: readonly File[]; onRemove: (index: number) => void }) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Files to send" className="flex flex-wrap gap-2">
      {files.map((file, index) => (
        <li
          key={`${file.name}-${index}`}
          className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-2 py-1 text-sm"
        >
          <Paperclip className="h-3 w-3 text-slate-500" aria-hidden="true" />
          <span>{file.name}</span>
          <span className="text-xs text-slate-600">({formatFileSize(file.size)})</span>
          <button
            type="button"
            className="text-xs text-red-700 underline"
            onClick={() => onRemove(index)}
            aria-label={`Remove ${file.name}`}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
