import type { ApiClient } from './client.ts';

let loading: Promise<ApiClient> | undefined;

/**
 * The API client for code on the first screen: it loads with the first call, in parallel
 * with the first render, instead of weighing on the first load (bench/bundle-size.ts). Screens
 * that are lazy chunks import `api` from `index.ts` directly.
 */
export function loadApi(): Promise<ApiClient> {
  loading ??= import('./index.ts').then((module) => module.api);
  return loading;
}
