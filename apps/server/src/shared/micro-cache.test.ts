import { describe, expect, it } from 'vitest';
import { microCache } from './micro-cache.ts';

describe('microCache', () => {
  it('reuses an answer within its lifetime and shares one load between concurrent callers', async () => {
    const cache = microCache<string, number>(60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('jp', load), cache.get('jp', load), cache.get('en', load)])).toEqual([1, 1, 2]);
    expect(await cache.get('jp', load)).toBe(1);
    expect(loads).toBe(2);
  });

  it('reloads after the lifetime, and with a lifetime of 0 never reuses', async () => {
    const short = microCache<string, number>(1);
    let loads = 0;
    const load = async () => ++loads;
    expect(await short.get('jp', load)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await short.get('jp', load)).toBe(2);
    const off = microCache<string, number>(0);
    expect(await Promise.all([off.get('jp', load), off.get('jp', load)])).toEqual([3, 4]);
  });

  it('never keeps a failed load and keeps at most maxEntries keys', async () => {
    const cache = microCache<string, number>(60_000, 2);
    await expect(cache.get('jp', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('jp', async () => 7)).toBe(7);
    await cache.get('en', async () => 8);
    await cache.get('kr', async () => 9);
    expect(await cache.get('jp', async () => 70)).toBe(70);
    expect(await cache.get('kr', async () => 90)).toBe(9);
  });
});
