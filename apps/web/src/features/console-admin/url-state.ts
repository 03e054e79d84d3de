import { useParams, useSearchParams } from 'react-router';

/**
 * A table's page, sort and filters kept in the URL (issue 14: a view can be shared and survives a
 * reload). Changing a filter goes back to page 1; empty values leave the URL.
 */
export function useUrlState<Keys extends string>(keys: readonly Keys[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<Keys, string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  function update(next: Partial<Record<Keys | 'page', string | number | undefined>>) {
    setParams((current) => {
      const out = new URLSearchParams(current);
      if (!('page' in next)) out.delete('page');
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === '' || (key === 'page' && value === 1)) out.delete(key);
        else out.set(key, String(value));
      }
      return out;
    });
  }
  /** The values as a query for the server: empty ones left out. */
  const query = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')) as Partial<
    Record<Keys, string>
  >;
  return { values, page, query, update };
}

export const pageSize = 20;

/** The record id of a detail screen (`/admin/users/12` → 12); the console routes everything under `*`. */
export function useDetailId(): number {
  const rest = useParams()['*'] ?? '';
  return Number(rest.split('/')[1]) || 0;
}
