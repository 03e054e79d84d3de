import { rm } from 'node:fs/promises';
import path from 'node:path';
import { clientConstants } from '@crossmart/contract';

const { widths, formats } = clientConstants.imageVariants;

/** Where the resized copy of `source` (`<purpose>/<name>` under `/uploads/`) is cached: `UPLOAD_DIR/_v/<width>/<source>.<format>`. */
export function variantFilePath(uploadDir: string, width: number, source: string, format: string): string {
  return path.join(uploadDir, '_v', String(width), `${source}.${format}`);
}

/**
 * Deletes every cached copy of an original (each listed width and format; those never made are
 * not an error). Called when the original goes, so a purged picture leaves no copy on the disk.
 */
export async function deleteVariantFiles(uploadDir: string, source: string): Promise<void> {
  await Promise.all(
    widths.flatMap((width) =>
      formats.map((format) => rm(variantFilePath(uploadDir, width, source, format), { force: true })),
    ),
  );
}
