/** An absolute return URL for the payment provider, on this site. */
export function returnUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** Appends the query Stripe adds when it redirects back after a payment. */
export function withRedirectResult(path: string, paymentId: string, status: 'succeeded' | 'failed'): string {
  const url = new URL(path, window.location.origin);
  url.searchParams.set('payment_intent', paymentId);
  url.searchParams.set('redirect_status', status);
  return `${url.pathname}${url.search}`;
}
