/** @vitest-environment node */
import { addressAreaSchema } from '@crossmart/contract';
import { describe, expect, it } from 'vitest';
import { areaText, cascadeOptions, localizedArea, type Region, regionPath, regions } from './regions.ts';

function allCodes(list: Region[]): string[] {
  return list.flatMap((region) => [region.code, ...allCodes(region.children ?? [])]);
}

describe('region tree', () => {
  it('has Japan with its 47 prefectures, each with cities, and other countries', () => {
    const japan = regions[0];
    expect(japan?.code).toBe('JP');
    expect(japan?.children).toHaveLength(47);
    expect(japan?.children?.map((p) => p.code)).toEqual(
      Array.from({ length: 47 }, (_, i) => `JP-${String(i + 1).padStart(2, '0')}`),
    );
    for (const prefecture of japan?.children ?? []) expect(prefecture.children?.length).toBeGreaterThan(0);
    expect(regions.length).toBeGreaterThan(5);
  });

  it('has unique codes that the contract accepts, and names in both languages', () => {
    const codes = allCodes(regions);
    expect(new Set(codes).size).toBe(codes.length);
    const walk = (list: Region[]): void => {
      for (const region of list) {
        expect(region.name.en, region.code).not.toBe('');
        expect(region.name.ja, region.code).not.toBe('');
        walk(region.children ?? []);
      }
    };
    walk(regions);
    const path = ['JP', 'JP-13', 'JP-13-shinjuku'];
    expect(addressAreaSchema.safeParse({ codes: path, text: areaText(path, 'jp') }).success).toBe(true);
    for (const code of codes) expect(addressAreaSchema.shape.codes.element.safeParse(code).success, code).toBe(true);
  });

  it('names a path in the UI language and falls back to the stored text for unknown codes', () => {
    const path = ['JP', 'JP-13', 'JP-13-shinjuku'];
    expect(regionPath(path)).toHaveLength(3);
    expect(areaText(path, 'jp')).toBe('日本 / 東京都 / 新宿区');
    expect(areaText(path, 'en')).toBe('Japan / Tokyo / Shinjuku');
    expect(localizedArea({ codes: path, text: 'x' }, 'ar')).toBe('Japan / Tokyo / Shinjuku');
    expect(localizedArea({ codes: ['JP', 'JP-99'], text: 'Somewhere' }, 'en')).toBe('Somewhere');
    expect(cascadeOptions('jp')[0]?.children?.[12]).toMatchObject({ label: '東京都', value: 'JP-13' });
  });
});
