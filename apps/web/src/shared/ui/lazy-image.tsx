import { clientConstants } from '@crossmart/contract/client';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { attemptSrc, variantSrcSet } from './image-variants.ts';

export { variantSrcSet };

const { cacheSize, attempts, throttleMs } = clientConstants.lazyImage;
const { formats } = clientConstants.imageVariants;

/** URLs that loaded once (at most 200, oldest dropped): shown at once, without the placeholder. */
const loaded = new Set<string>();
function remember(src: string) {
  loaded.delete(src);
  loaded.add(src);
  if (loaded.size > cacheSize) {
    const oldest = loaded.values().next().value;
    if (oldest !== undefined) loaded.delete(oldest);
  }
}

/** The "picture failed" mark: a small inline drawing (the icon library's version weighs 1 KB on the first load). */
function BrokenPicture() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" className="cm-image-broken">
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="9" cy="9.5" r="1.8" fill="currentColor" />
      <path d="m4 18 5.5-5.5 3.5 3.5 2.5-2.5L20 18" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

export interface LazyImageProps {
  src: string;
  alt: string;
  className?: string;
  fit?: 'cover' | 'contain' | 'fill';
  /** The rendered width in CSS (the `sizes` attribute): the browser picks the copy that fits it. */
  sizes?: string;
  /** Intrinsic proportions for the `width`/`height` attributes (the box is sized by CSS; these keep the ratio). */
  width?: number;
  height?: number;
  /** The screen's main picture (LCP): loaded at once with high priority instead of lazily. */
  priority?: boolean;
  /** In the first viewport but not the main picture: loaded at once, at normal priority. */
  eager?: boolean;
  /** A tiny blurred stand-in (data URI from the contract) shown until the picture is there. */
  placeholder?: string | undefined;
}

/**
 * A picture (docs/spec.md §9, ADR 0014): AVIF or WebP copies sized to the screen, native lazy
 * loading below the fold, the blurred placeholder underneath until it loads, and up to 3 attempts
 * 200 ms apart before the "picture failed" mark.
 */
export function LazyImage({
  src,
  alt,
  className,
  fit = 'cover',
  sizes = '64px',
  width = 1,
  height = 1,
  priority = false,
  eager = false,
  placeholder,
}: LazyImageProps) {
  // Attempts count per source: a new src starts again at the first attempt.
  const [tries, setTries] = useState({ src, attempt: 0, failed: false });
  const current = tries.src === src ? tries : { src, attempt: 0, failed: false };
  const [loadedSrc, setLoadedSrc] = useState('');
  const shown = loadedSrc === src || loaded.has(src);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const style = { '--cm-img-fit': fit } as CSSProperties;
  const classes = `cm-img${className ? ` ${className}` : ''}`;
  if (!src || current.failed) {
    return (
      <span className={classes} style={style}>
        <span className="cm-image-placeholder">{src && <BrokenPicture />}</span>
      </span>
    );
  }
  return (
    <span className={classes} style={style}>
      {placeholder && !shown && (
        <span className="cm-img__placeholder" style={{ backgroundImage: `url("${placeholder}")` }} aria-hidden="true" />
      )}
      <picture key={current.attempt}>
        {formats.map((format) => {
          const srcSet = variantSrcSet(src, format, current.attempt);
          return srcSet && <source key={format} type={`image/${format}`} srcSet={srcSet} sizes={sizes} />;
        })}
        <img
          src={attemptSrc(src, current.attempt)}
          alt={alt}
          width={width}
          height={height}
          loading={priority || eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          onLoad={() => {
            remember(src);
            setLoadedSrc(src);
          }}
          onError={() => {
            const next = current.attempt + 1;
            timer.current = setTimeout(
              () => setTries({ src, attempt: next, failed: next >= attempts }),
              next < attempts ? throttleMs : 0,
            );
          }}
        />
      </picture>
    </span>
  );
}
