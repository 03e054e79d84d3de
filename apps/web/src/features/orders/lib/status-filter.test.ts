import { orderStatusFilters } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { filterFromParam, pathForFilter, statusFilters } from './status-filter.ts';

describe('order tabs ↔ URL (/myPurchases/:status?)', () => {
  it('has the docs/spec.md §4 filters in its order, the ones the server accepts', () => {
    expect(statusFilters).toEqual(['all', '0', '1', '2', '3', '4', '-1', '-2', '-4']);
    expect(statusFilters).toEqual(orderStatusFilters);
  });
  it('reads each filter back from the path it writes', () => {
    for (const filter of statusFilters) {
      const param = pathForFilter(filter).split('/').at(-1);
      expect(filterFromParam(param)).toBe(filter);
    }
    expect(pathForFilter('-1')).toBe('/myPurchases/-1');
  });
  it('shows all orders without a status or with an unknown one', () => {
    expect(filterFromParam(undefined)).toBe('all');
    expect(filterFromParam('')).toBe('all');
    expect(filterFromParam('-3')).toBe('all');
    expect(filterFromParam('paid')).toBe('all');
    expect(filterFromParam('01')).toBe('all');
  });
});
