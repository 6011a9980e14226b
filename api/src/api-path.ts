/** Whether a request path belongs to the JSON API: `/api` itself or anything under `/api/`. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
