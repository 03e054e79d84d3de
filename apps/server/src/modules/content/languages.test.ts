import { languageListSchema, languages, successEnvelope } from '@crossmart/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/user/language_list', () => {
  it('lists the 34 languages with native and Chinese names, from the database', async () => {
    const res = await ctx.app.inject({ url: '/api/user/language_list' });
    const { data } = successEnvelope(languageListSchema).parse(res.json());
    expect(data).toHaveLength(34);
    expect(data.map((l) => l.file_name)).toEqual(languages.map((l) => l.file_name));
    expect(data.find((l) => l.file_name === 'jp')).toMatchObject({
      language_name: '日本語',
      chinese_name: '日语',
      tag: 'ja',
    });
    expect(data.find((l) => l.file_name === 'cr')).toMatchObject({ language_name: 'Čeština', tag: 'cs' });
    expect(
      data
        .filter((l) => l.dir === 'rtl')
        .map((l) => l.file_name)
        .sort(),
    ).toEqual(['ar', 'pk']);
  });
});
