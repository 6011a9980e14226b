export const TITLE_MAX = 64;
export const BODY_MAX = 160;

// Control characters (including newlines and tabs) become spaces; notifications are one flowing text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Text as plain, single-line and at most `max` characters (code points), with "…" when cut. */
export function plainText(raw: string, max: number): string {
  const text = raw.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * Linux notification servers read the body as markup (the freedesktop
 * notification spec's body-markup): `<b>`, links, entities. A visitor's
 * text must show as they typed it, so it is escaped there; Windows and
 * macOS show the body as plain text already.
 */
export function bodyForPlatform(text: string, platform: NodeJS.Platform): string {
  if (platform !== 'linux') return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface NotificationText {
  title: string;
  body: string;
}

export function visitorTitle(visitorName: string): string {
  return plainText(visitorName, TITLE_MAX) || 'Anonymous';
}

export function notificationText(title: string, body: string, platform: NodeJS.Platform): NotificationText {
  return { title: plainText(title, TITLE_MAX), body: bodyForPlatform(plainText(body, BODY_MAX), platform) };
}
