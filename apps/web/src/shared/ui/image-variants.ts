import { clientConstants } from '@crossmart/contract/client';

const { prefix, widths, formats } = clientConstants.imageVariants;

/**
 * The rendered width of a picture as wide as the screen (home's banners, the product gallery): the
 * whole phone, at most the 430 px column. The entry's early preload (ADR 0018) uses it too, so that
 * it asks for the very copy the screen will show.
 */
export const fullWidthSizes = '(min-width: 430px) 430px, 100vw';

/** The URL of a retry (a new URL, so the browser asks again). */
export function attemptSrc(src: string, attempt: number) {
  if (attempt === 0) return src;
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
}

const resizable = /^\/uploads\/(?!_v\/)[\w/.-]+\.(?:jpe?g|png|webp)$/i;

/**
 * `srcset` of the server's resized copies of a public picture (ADR 0014), or undefined for pictures
 * it does not resize (private proofs, other sites, data URIs).
 */
export function variantSrcSet(src: string, format: (typeof formats)[number], attempt = 0): string | undefined {
  if (!resizable.test(src)) return undefined;
  const path = src.slice('/uploads/'.length);
  return widths.map((width) => `${attemptSrc(`${prefix}${width}/${path}.${format}`, attempt)} ${width}w`).join(', ');
}

/**
 * Asks for the picture the first `<picture>` of the screen will show, before React has rendered it
 * (ADR 0018): a `<link rel="preload">` with the same `srcset`, `sizes` and first format as
 * `LazyImage`'s first `<source>`, so the browser picks and caches the same copy (a browser without
 * that format skips the link, and the picture takes its next source as usual).
 */
export function preloadPicture(src: string, sizes: string): void {
  const format = formats[0];
  const srcSet = variantSrcSet(src, format);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.setAttribute('fetchpriority', 'high');
  if (srcSet) {
    link.type = `image/${format}`;
    link.setAttribute('imagesrcset', srcSet);
    link.setAttribute('imagesizes', sizes);
  } else {
    link.href = src;
  }
  document.head.append(link);
}
