import { clientConstants } from '@crossmart/contract/client';
import { Image } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';

const { cacheSize, attempts, throttleMs } = clientConstants.lazyImage;

/** URLs that loaded once (at most 200, oldest dropped): shown at once without the lazy placeholder. */
const loaded = new Set<string>();
function remember(src: string) {
  loaded.delete(src);
  loaded.add(src);
  if (loaded.size > cacheSize) {
    const oldest = loaded.values().next().value;
    if (oldest !== undefined) loaded.delete(oldest);
  }
}

function attemptSrc(src: string, attempt: number) {
  if (attempt === 0) return src;
  return `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
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

/** Lazy image (docs/spec.md §9): loads when near the viewport, retries up to 3 attempts, 200 ms apart. */
export function LazyImage({
  src,
  alt,
  className,
  fit = 'cover',
}: {
  src: string;
  alt: string;
  className?: string;
  fit?: 'cover' | 'contain' | 'fill';
}) {
  // Attempts count per source: a new src starts again at the first attempt.
  const [tries, setTries] = useState({ src, attempt: 0 });
  const attempt = tries.src === src ? tries.attempt : 0;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Image
      key={attempt}
      className={className}
      src={attemptSrc(src, attempt)}
      alt={alt}
      fit={fit}
      lazy={!loaded.has(src)}
      placeholder={<span className="cm-image-placeholder" />}
      fallback={
        <span className="cm-image-placeholder">
          <BrokenPicture />
        </span>
      }
      onLoad={() => remember(src)}
      onError={() => {
        if (attempt + 1 < attempts) {
          timer.current = setTimeout(() => setTries({ src, attempt: attempt + 1 }), throttleMs);
        }
      }}
    />
  );
}
