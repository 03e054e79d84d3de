import { clientConstants } from '@crossmart/contract/client';
import { Image } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
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

/** Lazy image (spec §9): loads when near the viewport, retries up to 3 attempts, 200 ms apart. */
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
          <PictureOutline />
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
