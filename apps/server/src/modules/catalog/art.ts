/**
 * Drawings for catalog pictures made on this machine (nothing downloaded): a glyph per category
 * slug in a 100×100 box, and the SVG of a category icon. The demo seed turns the same glyphs
 * into product, shop and banner images with sharp.
 */

export const categorySlugs = [
  'computer',
  'electrical',
  'outdoors',
  'home',
  'health',
  'men',
  'women',
  'food',
  'mobile',
  'toys',
] as const;
export type CategorySlug = (typeof categorySlugs)[number];

/** Base hue per category, so that a category's pictures share a colour family. */
export const categoryHues: Record<CategorySlug, number> = {
  computer: 215,
  electrical: 45,
  outdoors: 135,
  home: 25,
  health: 350,
  men: 200,
  women: 320,
  food: 10,
  mobile: 260,
  toys: 170,
};

/** A glyph in a 100×100 box, drawn in `fg` with details cut out in `bg`. */
export function glyph(slug: CategorySlug, fg: string, bg: string): string {
  switch (slug) {
    case 'computer':
      return `<rect x="18" y="20" width="64" height="44" rx="4" fill="${fg}"/><rect x="23" y="25" width="54" height="34" rx="2" fill="${bg}"/><path d="M8 68h84l-7 10H15z" fill="${fg}"/>`;
    case 'electrical':
      return `<path d="M56 8L22 56h22l-8 36 38-52H52z" fill="${fg}"/>`;
    case 'outdoors':
      return `<circle cx="72" cy="26" r="10" fill="${fg}"/><path d="M6 86L38 34l18 28 10-14 28 38z" fill="${fg}"/>`;
    case 'home':
      return `<path d="M50 12L8 48h12v40h60V48h12z" fill="${fg}"/><rect x="42" y="60" width="16" height="28" fill="${bg}"/>`;
    case 'health':
      return `<path d="M50 86C20 64 10 50 10 34a18 18 0 0 1 40-8 18 18 0 0 1 40 8c0 16-10 30-40 52z" fill="${fg}"/><path d="M44 36h12v10h10v12H56v10H44V58H34V46h10z" fill="${bg}"/>`;
    case 'men':
      return `<path d="M34 12l-24 14 8 18 10-5v49h44V39l10 5 8-18-24-14c-2 8-8 12-16 12s-14-4-16-12z" fill="${fg}"/>`;
    case 'women':
      return `<path d="M40 8h20l-2 18 12 16-4 6 16 42H18l16-42-4-6 12-16z" fill="${fg}"/>`;
    case 'food':
      return `<path d="M10 48h80c0 22-18 38-40 38S10 70 10 48z" fill="${fg}"/><path d="M36 40c-6-8 6-14 0-24M50 40c-6-8 6-14 0-24M64 40c-6-8 6-14 0-24" stroke="${fg}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
    case 'mobile':
      return `<rect x="28" y="6" width="44" height="88" rx="8" fill="${fg}"/><rect x="33" y="16" width="34" height="64" rx="2" fill="${bg}"/><circle cx="50" cy="87" r="3" fill="${bg}"/>`;
    case 'toys':
      return `<circle cx="30" cy="28" r="12" fill="${fg}"/><circle cx="70" cy="28" r="12" fill="${fg}"/><circle cx="50" cy="54" r="32" fill="${fg}"/><circle cx="40" cy="48" r="4" fill="${bg}"/><circle cx="60" cy="48" r="4" fill="${bg}"/><ellipse cx="50" cy="64" rx="9" ry="6" fill="${bg}"/>`;
  }
}

/** An HSL colour as #rrggbb (every SVG renderer reads hex). */
export function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The category grid icon: the glyph on a rounded tile in the category's colour. */
export function categoryIconSvg(slug: CategorySlug): string {
  const hue = categoryHues[slug];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 100 100"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 80, 62)}"/><stop offset="1" stop-color="${hsl((hue + 30) % 360, 75, 48)}"/></linearGradient></defs><rect width="100" height="100" rx="24" fill="url(#g)"/><g transform="translate(20 20) scale(0.6)">${glyph(slug, '#ffffff', hsl(hue, 75, 55))}</g></svg>`;
}
