import type { Page, ProductDetail, Review } from '@crossmart/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { productDetailKey } from '../../../shared/api/query-keys.ts';
import { pageParams } from './keys.ts';

/** `GET /api/product/detail?id=`; with a token it tells whether the product is a favourite. */
export const productDetailQuery = (lang: string, id: number, token: string) =>
  queryOptions({
    queryKey: [...productDetailKey, lang, id, Boolean(token)],
    queryFn: () => api.get<ProductDetail>('/api/product/detail', { id }),
    enabled: id > 0,
  });

/** `GET /api/product/reviews?product_id=`. */
export const productReviewsQuery = (lang: string, productId: number) =>
  infiniteQueryOptions({
    queryKey: ['product-reviews', lang, productId],
    queryFn: ({ pageParam }) =>
      api.get<Page<Review>>(
        '/api/product/reviews',
        { product_id: productId, page: pageParam, limit: 10 },
        { isToken: false },
      ),
    ...pageParams,
  });
