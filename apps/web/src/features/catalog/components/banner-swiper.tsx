import type { Home } from '@crossmart/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { fullWidthSizes } from '../../../shared/ui/image-variants.ts';
import { LazyImage } from '../../../shared/ui/lazy-image.tsx';

type Banner = Home['banners'][number];

const autoplayMs = 4000;

/**
 * The home banner swiper: native scroll snapping (no gesture library on the first load), dots, and
 * autoplay that pauses while touched, while the screen is hidden (keep-alive) and for reduced motion.
 */
export function BannerSwiper({ banners }: { banners: readonly Banner[] }) {
  const { t } = useTranslation();
  const track = useRef<HTMLElement>(null);
  const [active, setActive] = useState(0);
  const touching = useRef(false);

  useEffect(() => {
    const element = track.current;
    if (!element || banners.length < 2) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => {
      if (touching.current || element.offsetParent === null || document.hidden) return;
      const width = element.clientWidth;
      const index = Math.round(Math.abs(element.scrollLeft) / width);
      const next = (index + 1) % banners.length;
      const direction = getComputedStyle(element).direction === 'rtl' ? -1 : 1;
      element.scrollTo({ left: direction * next * width, behavior: 'smooth' });
    }, autoplayMs);
    return () => clearInterval(timer);
  }, [banners.length]);

  if (banners.length === 0) return null;
  return (
    <div className="cm-banners">
      <section
        ref={track}
        className="cm-banners__track"
        aria-roledescription="carousel"
        aria-label={t('card.banners')}
        onScroll={(event) => {
          const element = event.currentTarget;
          setActive(Math.round(Math.abs(element.scrollLeft) / element.clientWidth));
        }}
        onTouchStart={() => {
          touching.current = true;
        }}
        onTouchEnd={() => {
          touching.current = false;
        }}
      >
        {banners.map((banner, index) => {
          const body = (
            <>
              <LazyImage
                src={banner.image}
                alt=""
                className="cm-banner__image"
                sizes={fullWidthSizes}
                width={750}
                height={320}
                priority={index === 0}
                placeholder={banner.placeholder}
              />
              {banner.title && <span className="cm-banner__title">{banner.title}</span>}
            </>
          );
          return (
            <section
              key={banner.id}
              className="cm-banner"
              aria-roledescription="slide"
              aria-label={t('card.slideOf', { index: index + 1, total: banners.length })}
            >
              {banner.link.startsWith('/') ? (
                <Link to={banner.link} className="cm-banner__link">
                  {body}
                </Link>
              ) : (
                body
              )}
            </section>
          );
        })}
      </section>
      {banners.length > 1 && (
        <div className="cm-banners__dots" aria-hidden="true">
          {banners.map((banner, index) => (
            <span key={banner.id} className={`cm-dot${index === active ? ' cm-dot--on' : ''}`} />
          ))}
        </div>
      )}
    </div>
  );
}
