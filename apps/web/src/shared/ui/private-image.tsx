import { type ImgHTMLAttributes, useEffect, useState } from 'react';
import { privateImageUrl } from '../api/upload.ts';

/** A private upload (e.g. a service-chat picture) fetched with the token and shown from an object URL. */
export function PrivateImage({
  url,
  alt,
  ...props
}: { url: string; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'>) {
  const [src, setSrc] = useState<string | undefined>(undefined);
  useEffect(() => {
    let objectUrl: string | undefined;
    let cancelled = false;
    privateImageUrl(url).then(
      (made) => {
        objectUrl = made;
        if (cancelled) URL.revokeObjectURL(made);
        else setSrc(made);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src ? (
    <img src={src} alt={alt} {...props} />
  ) : (
    <span className="cm-private-image__placeholder" aria-busy="true" />
  );
}
