import type { Category } from '@crossmart/contract';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * Pictogram and accent hue per category slug (the server's stable keys, docs/spec.md §3): drawn inline so
 * the grid shows at once, tinted in the theme, without ten image requests on the first screen.
 */
const looks: Record<string, { hue: number; icon: ReactNode }> = {
  computer: { hue: 218, icon: <path d="M4 5h16v10H4zM9 19h6M12 15v4" /> },
  electrical: { hue: 42, icon: <path d="M13 3 6 13h5l-1 8 7-10h-5z" /> },
  outdoors: { hue: 145, icon: <path d="m3 19 6-10 4 6 2-3 6 7zM16 6a2 2 0 1 0 0-.01" /> },
  home: { hue: 24, icon: <path d="M4 11 12 4l8 7v9h-5v-5H9v5H4z" /> },
  health: {
    hue: 350,
    icon: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10zM9 11h6M12 8v6" />,
  },
  men: { hue: 200, icon: <path d="m8 4-4 3 2 4 2-1v10h8V10l2 1 2-4-4-3a4 4 0 0 1-8 0z" /> },
  women: { hue: 320, icon: <path d="M9 3h6l-1 5 4 12H6l4-12z" /> },
  food: { hue: 12, icon: <path d="M5 11h14a7 7 0 0 1-14 0zM8 7c0-2 2-2 2-4M12 7c0-2 2-2 2-4" /> },
  mobile: {
    hue: 260,
    icon: <path d="M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2" />,
  },
  toys: { hue: 180, icon: <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3.5 9h17M3.5 15h17M12 3v18" /> },
};
const fallbackLook = { hue: 20, icon: <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" /> };

export function CategoryIcon({ slug }: { slug: string }) {
  const look = looks[slug] ?? fallbackLook;
  return (
    <span className="cm-category__icon" style={{ '--cm-hue': look.hue } as React.CSSProperties}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        {look.icon}
      </svg>
    </span>
  );
}

/** The category grid of home: each tile opens /explore on that category. */
export function CategoryGrid({ categories }: { categories: readonly Category[] }) {
  const navigate = useNavigate();
  return (
    <div className="cm-category-grid">
      {categories.map((category) => (
        <button
          key={category.id}
          type="button"
          className="cm-category"
          data-testid={`category-${category.slug}`}
          onClick={() => navigate(`/explore?category=${category.id}`)}
        >
          <CategoryIcon slug={category.slug} />
          <span className="cm-category__label">{category.name}</span>
        </button>
      ))}
    </div>
  );
}
