import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyImage, variantSrcSet } from './lazy-image.tsx';

describe('variantSrcSet', () => {
  it('lists the server copies of a public picture in every width', () => {
    expect(variantSrcSet('/uploads/catalog/demo/p-1.webp', 'avif')).toBe(
      [160, 320, 640, 960].map((width) => `/uploads/_v/${width}/catalog/demo/p-1.webp.avif ${width}w`).join(', '),
    );
  });

  it('leaves private proofs, copies, other sites and data URIs alone', () => {
    for (const src of [
      '/api/upload/file/evidence/ab.png',
      '/uploads/_v/320/product/a.jpg.webp',
      'https://example.com/a.jpg',
      'data:image/webp;base64,AAAA',
      '/uploads/catalog/categories/home.svg',
    ]) {
      expect(variantSrcSet(src, 'webp'), src).toBeUndefined();
    }
  });
});

describe('LazyImage', () => {
  it('loads lazily with AVIF and WebP sources, explicit size and the placeholder under it', () => {
    const { container } = render(
      <LazyImage src="/uploads/product/a.jpg" alt="" sizes="50vw" width={4} height={3} placeholder="data:x" />,
    );
    const image = container.querySelector('img');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.getAttribute('width')).toBe('4');
    expect(image?.getAttribute('height')).toBe('3');
    expect([...container.querySelectorAll('source')].map((source) => source.getAttribute('type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(container.querySelector('source')?.getAttribute('sizes')).toBe('50vw');
    expect(container.querySelector('.cm-img__placeholder')).not.toBeNull();
    if (image) fireEvent.load(image);
    expect(container.querySelector('.cm-img__placeholder')).toBeNull();
  });

  it('loads the main picture at once with high priority', () => {
    const { container } = render(<LazyImage src="/uploads/product/b.jpg" alt="" priority />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('loading')).toBe('eager');
    expect(image?.getAttribute('fetchpriority')).toBe('high');
  });
});
