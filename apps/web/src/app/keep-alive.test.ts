import { describe, expect, it } from 'vitest';
import { findRoute, keepAliveLimit, keepScreen, type ScreenEntry, screenKey } from './keep-alive.ts';
import { shopperRoutes } from './routes.ts';

function visit(path: string) {
  const [pathname = '', query = ''] = path.split('?');
  const search = query ? `?${query}` : '';
  const route = findRoute(shopperRoutes, pathname);
  if (!route) throw new Error(`no route for ${pathname}`);
  return { key: screenKey(pathname, search, route), route, pathname, search };
}

describe('route table (docs/spec.md §2)', () => {
  it('matches every path with its optional parameters', () => {
    expect(findRoute(shopperRoutes, '/refund')?.path).toBe('/refund/:id?/:sn?/:product_ids?/:amount?');
    expect(findRoute(shopperRoutes, '/refund/1/SN/2,3/500')?.path).toBe('/refund/:id?/:sn?/:product_ids?/:amount?');
    expect(findRoute(shopperRoutes, '/detail')?.path).toBe('/detail/:product?/:mer?');
    expect(findRoute(shopperRoutes, '/detail/1/2')?.path).toBe('/detail/:product?/:mer?');
    expect(findRoute(shopperRoutes, '/myPurchases/-1')?.path).toBe('/myPurchases/:status?');
    expect(findRoute(shopperRoutes, '/nowhere')).toBeUndefined();
  });

  it('keeps every route alive except /detail, and gives each a title key', () => {
    expect(shopperRoutes.filter((route) => !route.keepAlive).map((route) => route.path)).toEqual([
      '/detail/:product?/:mer?',
    ]);
    expect(shopperRoutes.every((route) => route.title.startsWith('routes.'))).toBe(true);
    // 45 rows of docs/spec.md §2 less the `/` redirect, with two rows naming two paths each, plus
    // the complaint form and "my complaints", which the spec's screens name without a route, and
    // /refundInfo (issue 13), the detail of one refund request.
    expect(shopperRoutes).toHaveLength(49);
  });
});

describe('kept-alive screens', () => {
  it('keeps one screen per path + search, ignoring backs', () => {
    let entries: readonly ScreenEntry[] = [];
    entries = keepScreen(entries, visit('/shop/1'), 1);
    entries = keepScreen(entries, visit('/shop/2'), 2);
    const same = keepScreen(entries, visit('/shop/2?backs=1'), 3);
    expect(same.map((entry) => entry.key)).toEqual(['/shop/1', '/shop/2']);
    expect(same.find((entry) => entry.key === '/shop/2')?.search).toBe('?backs=1');
  });

  it('keeps the order tabs as one screen that follows the chosen tab', () => {
    let entries = keepScreen([], visit('/myPurchases/all'), 1);
    entries = keepScreen(entries, visit('/myPurchases/0'), 2);
    entries = keepScreen(entries, visit('/myPurchases/-1'), 3);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ key: '/myPurchases/:status?', pathname: '/myPurchases/-1' });
  });

  it('returns the same list when nothing changes (safe to call while rendering)', () => {
    const entries = keepScreen([], visit('/home'), 1);
    expect(keepScreen(entries, visit('/home'), 2)).toBe(entries);
  });

  it('drops the least recently used screen beyond the limit, keeping the order of the others', () => {
    let entries: readonly ScreenEntry[] = [];
    for (let index = 0; index < keepAliveLimit; index += 1)
      entries = keepScreen(entries, visit(`/shop/${index}`), index);
    entries = keepScreen(entries, visit('/shop/0'), 100);
    entries = keepScreen(entries, visit('/home'), 101);
    expect(entries).toHaveLength(keepAliveLimit);
    expect(entries.map((entry) => entry.key)).not.toContain('/shop/1');
    expect(entries[0]?.key).toBe('/shop/0');
  });
});
