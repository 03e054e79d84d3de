import type { SharpConstructor } from 'sharp';

let sharpLoading: Promise<SharpConstructor> | undefined;

/**
 * sharp (libvips) is loaded at the first picture it handles, not at start: a server that only
 * answers the catalog never maps the library (≈20 MB resident, bench/memory.ts). Its operation
 * cache is off, since every upload is a new picture and the cache would keep up to 50 MB of decoded
 * ones, and each picture gets one libvips thread: `decodeSlots` already bounds how many run at once.
 */
export function loadSharp(): Promise<SharpConstructor> {
  sharpLoading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoading;
}
