import { uploadLimits } from '@crossmart/contract';
import { loadSharp } from './load-sharp.ts';

/**
 * The blurred stand-in shown while a picture loads (ADR 0014): the picture shrunk to 16 px on
 * its long side as a WebP data URI, about 150–300 characters. The client scales it up under a blur.
 */
export async function imagePlaceholder(original: Buffer): Promise<string> {
  const sharp = await loadSharp();
  const data = await sharp(original, { limitInputPixels: uploadLimits.maxPixels })
    .rotate()
    .resize(16, 16, { fit: 'inside' })
    .webp({ quality: 40, effort: 6 })
    .toBuffer();
  return `data:image/webp;base64,${data.toString('base64')}`;
}
