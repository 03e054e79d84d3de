/** A value the query string leaves out (docs/spec.md §7: empty values are skipped). */
function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/**
 * Encodes GET params the way docs/spec.md §7 describes: `key=value` pairs, one level of nested keys as
 * `key[sub]=value`, empty values (null, undefined, '') skipped at both levels.
 */
export function encodeQuery(params: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (isEmpty(value)) continue;
    if (typeof value === 'object') {
      for (const [sub, subValue] of Object.entries(value as Record<string, unknown>)) {
        if (isEmpty(subValue)) continue;
        parts.push(`${encodeURIComponent(`${key}[${sub}]`)}=${encodeURIComponent(String(subValue))}`);
      }
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

/** Appends encoded params to a URL that may already carry a query string. */
export function withQuery(url: string, params: Record<string, unknown> | undefined): string {
  const query = params ? encodeQuery(params) : '';
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
