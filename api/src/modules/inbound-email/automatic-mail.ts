import type { ParsedMail } from 'mailparser';

/**
 * Mail no product should answer automatically (RFC 3834 and the headers in use before it): an auto-reply, a list
 * or bulk mail, a bounce. Such mail never gets an acknowledgement or any other mail back (decision 198).
 */
export function automaticReasons(parsed: ParsedMail, envelopeFrom: string | null, sender: string): string[] {
  const header = (name: string): string => {
    const value = parsed.headers.get(name);
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') return value;
    if (typeof value === 'object' && 'value' in value) return String((value as { value: unknown }).value);
    return String(value);
  };
  const reasons: string[] = [];
  const autoSubmitted = header('auto-submitted').trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') reasons.push(`Auto-Submitted: ${autoSubmitted}`);
  const precedence = header('precedence').trim().toLowerCase();
  if (['bulk', 'junk', 'list'].includes(precedence)) reasons.push(`Precedence: ${precedence}`);
  if (parsed.headers.has('x-autoreply')) reasons.push('X-Autoreply');
  if (parsed.headers.has('x-autorespond')) reasons.push('X-Autorespond');
  if (parsed.headers.has('list-id') || parsed.headers.has('list-unsubscribe')) reasons.push('a mailing list');
  const local = sender.split('@')[0] ?? '';
  if (/^(mailer-daemon|postmaster)$/i.test(local)) reasons.push(`From ${local}`);
  if (envelopeFrom === '') reasons.push('an empty envelope sender (a bounce)');
  if (isDeliveryReport(parsed)) reasons.push('a delivery-status notification');
  return reasons;
}

/** multipart/report; report-type=delivery-status (RFC 3464). */
export function isDeliveryReport(parsed: ParsedMail): boolean {
  const type = parsed.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  return (
    typeof type === 'object' &&
    type !== null &&
    type.value?.toLowerCase() === 'multipart/report' &&
    type.params?.['report-type']?.toLowerCase() === 'delivery-status'
  );
}

export interface Bounce {
  /** Message-IDs of the returned mail (from its returned headers), newest first as found. */
  messageIds: string[];
  /** Whether delivery failed for good (Action: failed); a delay report marks nothing. */
  failed: boolean;
  reason: string;
}

/** What a delivery-status notification says: which mail, failed or delayed, and why. */
export function readBounce(parsed: ParsedMail): Bounce {
  let status = '';
  let diagnostic = '';
  let action = '';
  const messageIds: string[] = [];
  const readStatus = (text: string) => {
    const unfolded = text.replace(/\r?\n[ \t]+/g, ' ');
    action ||= /^action:\s*(.+)$/im.exec(unfolded)?.[1]?.trim().toLowerCase() ?? '';
    status ||= /^status:\s*(\d\.\d{1,3}\.\d{1,3})/im.exec(unfolded)?.[1] ?? '';
    diagnostic ||= /^diagnostic-code:\s*(.+)$/im.exec(unfolded)?.[1]?.trim() ?? '';
  };
  for (const part of parsed.attachments) {
    const type = part.contentType.toLowerCase();
    const text = part.content.toString('utf8');
    if (type === 'message/delivery-status' || type === 'message/global-delivery-status') {
      readStatus(text);
    } else if (type === 'message/rfc822' || type === 'text/rfc822-headers' || type === 'message/global-headers') {
      const headers = text.split(/\r?\n\r?\n/)[0] ?? '';
      const id = /^message-id:\s*(<[^>\r\n]+>)/im.exec(headers.replace(/\r?\n[ \t]+/g, ' '))?.[1];
      if (id) messageIds.push(id);
    }
  }
  // mailparser gives a message/delivery-status part as text, after the human-readable part.
  if (isDeliveryReport(parsed)) readStatus(parsed.text ?? '');
  if (parsed.inReplyTo) messageIds.push(parsed.inReplyTo);
  const reason = [status, diagnostic].filter(Boolean).join(' ') || (parsed.subject ?? 'Delivery failed');
  return { messageIds, failed: action === '' || action === 'failed', reason: reason.slice(0, 1000) };
}
