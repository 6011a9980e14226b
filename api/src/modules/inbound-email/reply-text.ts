import EmailReplyParser from 'email-reply-parser';

/**
 * The new text of an emailed reply: quoted history, "On … wrote:" blocks and signatures removed (decision 197).
 * email-reply-parser (pinned) does the work; around it, this file drops the attribution
 * line a bottom-poster leaves above the quote, removes characters no text may hold, and falls back to the whole
 * text when the parser leaves nothing (a reply that is all quote or all signature is still a reply).
 */

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text safe to store: no NUL or other control characters but tab and newline, no lone surrogates, \n lines. */
export function cleanText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROL, '').replace(LONE_SURROGATE, '\ufffd');
}

/** "Sam wrote:" / "On …, Sam <…> wrote:" as its own line, directly above a quote (blank lines between allowed). */
const ATTRIBUTION = /^.{0,300}\b(wrote|schrieb|a écrit|escribió|ha scritto|schreef):\s*$/i;

function dropAttributionAboveQuotes(text: string): string {
  const lines = text.split('\n');
  const keep: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    let line = lines[i]!;
    // Gmail wraps a long attribution: "On …, Name <" / "address> wrote:". One line again.
    const following = lines[i + 1];
    if (/^\s*On\s/.test(line) && !ATTRIBUTION.test(line.trim()) && following && ATTRIBUTION.test(following.trim())) {
      line = `${line.trimEnd()}${line.trimEnd().endsWith('<') ? '' : ' '}${following.trim()}`;
      i += 1;
    }
    if (ATTRIBUTION.test(line.trim())) {
      let next = i + 1;
      while (next < lines.length && lines[next]!.trim() === '') next += 1;
      if (next < lines.length && lines[next]!.trimStart().startsWith('>')) continue;
    }
    keep.push(line);
  }
  return keep.join('\n');
}

/**
 * The reply's new text, from the message's text (mailparser makes it from the HTML part, block quotes as `>`
 * lines, when the message has no text part).
 */
export function replyText(text: string, maxLength: number): string {
  const full = cleanText(text).trim();
  if (!full) return '';
  let visible = '';
  try {
    visible = new EmailReplyParser().read(dropAttributionAboveQuotes(full)).getVisibleText().trim();
  } catch {
    // The parser is regular-expression work on text we checked; should it throw, the whole text stands.
    visible = '';
  }
  const result = (visible || full).replace(/\n{3,}/g, '\n\n');
  return result.length > maxLength ? `${result.slice(0, maxLength - 1)}…` : result;
}
