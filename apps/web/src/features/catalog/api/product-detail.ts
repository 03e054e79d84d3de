import type { ProductDetail, ReviewPage } from '@crossmart/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/index.ts';
import { productDetailKey, productReviewsKey } from '../../../shared/api/query-keys.ts';
import { pageParams } from './keys.ts';

/** `GET /api/product/detail?id=`; with a token it tells whether the product is a favourite. */
export const productDetailQuery = (lang: string, id: number, token: string) =>
  queryOptions({
    queryKey: [...productDetailKey, lang, id, Boolean(token)],
    queryFn: () => api.get<ProductDetail>('/api/product/detail', { id }),
    enabled: id > 0,
  });

/** `GET /api/product/reviews?product_id=`: all reviews, or only those with pictures; each page carries the summary. */
export const productReviewsQuery = (lang: string, productId: number, withPictures = false) =>
  infiniteQueryOptions({
    queryKey: [...productReviewsKey, lang, productId, withPictures],
    queryFn: ({ pageParam }) =>
      api.get<ReviewPage>(
        '/api/product/reviews',
        { product_id: productId, page: pageParam, limit: 10, ...(withPictures ? { with_pictures: 1 } : {}) },
        { isToken: false },
      ),
    ...pageParams,
  });
