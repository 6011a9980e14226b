import { useEffect } from 'react';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** The API path a click on `target` would open, when it is a link to the API on the page's own origin. */
export function apiLinkPath(target: EventTarget | null, origin: string): { path: string; filename: string } | null {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  const url = new URL(anchor.href, origin);
  if (url.origin !== origin || !url.pathname.startsWith('/api/')) return null;
  const filename = anchor.getAttribute('download') || decodeURIComponent(url.pathname.split('/').at(-1) ?? '');
  return { path: `${url.pathname}${url.search}`, filename: filename || 'download' };
}

/** Saves an answer of the API as a file (the system's save dialog in Electron, the browser's downloads elsewhere). */
async function download(path: string, filename: string): Promise<void> {
  try {
    const response = await apiRequest('GET', path, undefined, { headers: { Accept: '*/*' } });
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    toast({ title: 'Download failed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
  }
}

/**
 * The web's screens link to API files with plain relative links (the invoice
 * PDF, outbox attachments). In the desktop those would point at
 * app://console, which serves only the app, and the session token is added
 * only to requests to the server: so such a click is carried out here, as an
 * API request to the server, saved as the link's file.
 */
export function useApiDownloads(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const link = apiLinkPath(event.target, window.location.origin);
      if (!link) return;
      event.preventDefault();
      void download(link.path, link.filename);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
}
