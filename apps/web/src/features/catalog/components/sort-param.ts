import type { ProductSort } from '@crossmart/contract';
import { productSorts } from '@crossmart/contract/client';

/** Reads a `sort` search parameter; anything unknown means the default order. */
export function parseSort(value: string | null): ProductSort | undefined {
  return productSorts.find((sort) => sort === value);
}

/** Reads a positive integer id parameter. */
export function parseId(value: string | null | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
