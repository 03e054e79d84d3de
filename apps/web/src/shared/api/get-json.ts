/** Placeholder fetcher until the shell issue brings the spec §7 client. */
export async function getData<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { lang: document.documentElement.lang } });
  const body = (await response.json()) as { code: number; data: T };
  if (body.code !== 1) throw new Error(String(body.code));
  return body.data;
}
