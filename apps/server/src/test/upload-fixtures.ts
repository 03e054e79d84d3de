import sharp from 'sharp';
import type { App } from '../app.ts';
import type { Envelope } from './http.ts';

/** A small PNG of one colour; the same arguments give the same bytes (and so the same stored hash). */
export function pngOf(background = '#c33', size = 16): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();
}

/** `POST /api/upload` as the web sends it (multipart: purpose, file); the envelope as answered. */
export async function uploadPicture(
  app: App,
  token: string,
  file: Buffer,
  purpose = 'review',
  lang = 'en',
): Promise<Envelope> {
  const boundary = '----crossmarttest';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { token, lang, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return res.json() as Envelope;
}

/** The url of a successful upload; throws with the envelope otherwise. */
export async function uploadedUrl(app: App, token: string, file: Buffer, purpose = 'review'): Promise<string> {
  const body = await uploadPicture(app, token, file, purpose);
  if (body.code !== 1) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return (body.data as { url: string }).url;
}
