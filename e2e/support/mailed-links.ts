import { expect } from 'vitest';
import type { SmtpSink } from '../../api/src/test/smtp-sink';

/** The staff invitation link in the newest mail that reached `email` (waits for one to arrive). */
export async function invitationLinkMailedTo(sink: SmtpSink, email: string): Promise<string> {
  await expect.poll(() => sink.to(email).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  const text = sink.to(email).at(-1)!.parsed.text ?? '';
  const link = /(http:\/\/\S+\/accept-invite\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!link) throw new Error(`no invitation link in:\n${text}`);
  return link;
}
