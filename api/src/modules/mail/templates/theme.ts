/**
 * Colours of the mails: the site's navy on white, with enough contrast that
 * clients which invert light mails still show them readably, and darker
 * replacements for clients that honour prefers-color-scheme.
 */
export const colors = {
  page: '#f1f5f9',
  card: '#ffffff',
  border: '#e2e8f0',
  brand: '#0b1f3a',
  text: '#1e293b',
  muted: '#475569',
  button: '#12305a',
  buttonText: '#ffffff',
  link: '#1d4ed8',
  panel: '#f8fafc',
} as const;

export const font = {
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
} as const;

export const darkModeCss = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .ns-body { background-color: #0b1220 !important; }
  .ns-card { background-color: #111a2e !important; border-color: #26344f !important; }
  .ns-panel { background-color: #172340 !important; border-color: #26344f !important; }
  .ns-rule { border-color: #26344f !important; }
  .ns-brand, .ns-heading { color: #ffffff !important; }
  .ns-text { color: #e2e8f0 !important; }
  .ns-muted { color: #a7b4c8 !important; }
  .ns-link { color: #93c5fd !important; }
  .ns-button { background-color: #2563eb !important; color: #ffffff !important; }
}
`;
