import { toast } from './toast';

/** Spec §9: logged-out visitors see "Login Required", then go to /api/login after one second. */
const LOGIN_REDIRECT_DELAY_MS = 1000;

/**
 * Shows the "Login Required" toast and, after a second, sends the browser to
 * the login page, which brings it back to `next`. Returns a cancel function.
 */
export function redirectToLogin(next: string, description: string): () => void {
  toast({ title: 'Login Required', description, variant: 'destructive' });
  const timer = window.setTimeout(() => {
    window.location.assign(`/api/login?next=${encodeURIComponent(next)}`);
  }, LOGIN_REDIRECT_DELAY_MS);
  return () => window.clearTimeout(timer);
}
