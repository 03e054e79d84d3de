interface EarlyGet {
  url: string;
  headers: Record<string, string>;
  response: Promise<Response>;
}

let early: EarlyGet | undefined;

/** An early answer nobody asked for within this time is dropped: it would be stale data. */
const keepMs = 20_000;

/**
 * Sends the first screen's GET from the entry, before React, the screen and the API client have
 * loaded, so that the answer (and the pictures it names) arrive in parallel with the JavaScript
 * instead of after it (ADR 0018). The API client's transport takes it over when it sends the very
 * same request (`takeEarlyGet`); anything else goes to the network as usual.
 */
export function startEarlyGet(url: string, headers: Record<string, string>): Promise<Response> {
  const response = fetch(url, { headers });
  // A failure here is the transport's to report, when (and if) it takes the answer over.
  response.catch(() => undefined);
  const entry: EarlyGet = { url, headers, response };
  early = entry;
  setTimeout(() => {
    if (early === entry) early = undefined;
  }, keepMs);
  return response;
}

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The early answer to exactly this request (same URL and headers), once; undefined otherwise. */
export function takeEarlyGet(request: {
  method: string;
  url: string;
  headers: Record<string, string>;
}): Promise<Response> | undefined {
  if (!early || request.method !== 'GET' || request.url !== early.url || !sameHeaders(request.headers, early.headers))
    return undefined;
  const { response } = early;
  early = undefined;
  return response;
}
