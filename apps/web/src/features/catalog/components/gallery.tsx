import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { withAntdMobileRender } from '../../../shared/ui/antd-mobile-setup.ts';
import { fullWidthSizes } from '../../../shared/ui/image-variants.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';

/** Opens the full-screen viewer (pinch to zoom, swipe) on image `index`. */
async function openViewer(images: readonly string[], index: number) {
  const { default: ImageViewer } = await withAntdMobileRender(
    () => import('antd-mobile/es/components/image-viewer/index.js'),
  );
  ImageViewer.Multi.show({ images: [...images], defaultIndex: index });
}

/** The product gallery: square pictures that snap, a counter, and a tap opens the zoomable viewer. */
export function Gallery({
  images,
  placeholders = [],
  title,
}: {
  images: readonly string[];
  /** Blurred stand-ins, one per image (the contract's `placeholders`). */
  placeholders?: readonly string[] | undefined;
  title: string;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  if (images.length === 0) {
    return (
      <div className="cm-gallery">
        <div className="cm-gallery__slide">
          <LazyImage src="" alt="" className="cm-gallery__image" />
        </div>
      </div>
    );
  }
  return (
    <div className="cm-gallery">
      <div
        className="cm-gallery__track"
        onScroll={(event) => {
          const element = event.currentTarget;
          setActive(Math.round(Math.abs(element.scrollLeft) / element.clientWidth));
        }}
      >
        {images.map((image, index) => (
          <button
            key={image}
            type="button"
            className="cm-gallery__slide"
            aria-label={t('catalog.zoomImage', { index: index + 1, total: images.length, title })}
            onClick={() => void openViewer(images, index)}
            data-testid="gallery-image"
          >
            <LazyImage
              src={image}
              alt=""
              className="cm-gallery__image"
              sizes={fullWidthSizes}
              priority={index === 0}
              placeholder={placeholders[index]}
            />
          </button>
        ))}
      </div>
      {images.length > 1 && (
        <span className="cm-gallery__counter" aria-hidden="true">
          {active + 1}/{images.length}
        </span>
      )}
    </div>
  );
}
