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

  it('with a lifetime of 0 only coalesces loads in flight', async () => {
    const cache = microCache<string, number>(0);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('jp', load), cache.get('jp', load)])).toEqual([1, 1]);
    expect(await cache.get('jp', load)).toBe(2);
  });

  it('never keeps a failed load', async () => {
    const cache = microCache<string, number>(60_000);
    await expect(cache.get('jp', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('jp', async () => 7)).toBe(7);
  });
});
