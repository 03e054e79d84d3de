import type { ProductSort } from '@crossmart/contract';
import { productSorts } from '@crossmart/contract/client';

/** Reads a `sort` search parameter; anything unknown means the default order. */
export function parseSort(value: string | null): ProductSort | undefined {
  return productSorts.find((sort) => sort === value);
}
