import type { OrderListQuery } from '@crossmart/contract';

/** A tab of `/myPurchases/:status?` (docs/spec.md §4 filters). */
export type StatusFilter = OrderListQuery['status'];

/**
 * The filters in the spec's order; the same list as the contract's `orderStatusFilters` (a test
 * checks), written here so the screen does not load the schema library for nine strings.
 */
export const statusFilters = [
  'all',
  '0',
  '1',
  '2',
  '3',
  '4',
  '-1',
  '-2',
  '-4',
] as const satisfies readonly StatusFilter[];

/** The URL's `:status`; missing or unknown means all orders. */
export function filterFromParam(param: string | undefined): StatusFilter {
  return statusFilters.find((filter) => filter === param) ?? 'all';
}

/** The URL of a tab (the me page links the same ones). */
export function pathForFilter(filter: StatusFilter): string {
  return `/myPurchases/${filter}`;
}
