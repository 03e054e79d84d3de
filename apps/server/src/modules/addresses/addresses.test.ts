import {
  addressDeleteResultSchema,
  addressLimits,
  addressListSchema,
  addressSchema,
  addressValidationKeys,
} from '@crossmart/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema/index.ts';
import en from '../../i18n/messages/en.json' with { type: 'json' };
import jp from '../../i18n/messages/jp.json' with { type: 'json' };
import { insertTestUser, registerBuyer } from '../../test/fixtures.ts';
import { apiClient, failure } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { getAddress, getDefaultAddressId, saveAddress, setDefaultAddress } from './addresses.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const tokyo = { codes: ['JP', 'JP-13', 'JP-13-shinjuku'], text: '日本 / 東京都 / 新宿区' };
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Yamada Hanako',
  mobile: '+81 90-1234-5678',
  area: tokyo,
  address: '1-2-3 Nishi-Shinjuku, Room 405',
  tag: 'home',
  ...over,
});

// No `lang` header unless a call gives one: the server's default language.
const { call, data } = apiClient(() => ctx.app, { lang: null });

const add = (token: string, over: Record<string, unknown> = {}) =>
  data('POST', '/api/user/address_add', addressSchema, { token: token, body: body(over) });
const list = async (token: string) =>
  (await data('GET', '/api/user/address_list', addressListSchema, { token: token })).list;

async function defaultsInDatabase(userId: number) {
  const [row] = await ctx.database.db
    .select({ n: count() })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  return row?.n ?? 0;
}

describe('address book', () => {
  it('needs a login', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/address_list' });
    expect(res.json().code).toBe(401);
  });

  it('creates the first address as the default, stores the area path and normalises the mobile', async () => {
    const user = await registerBuyer(ctx.app);
    expect(await list(user.token)).toEqual([]);
    const first = await add(user.token, { is_default: false });
    expect(first).toMatchObject({ is_default: true, mobile: '+819012345678', area: tokyo, tag: 'home' });
    const [row] = await ctx.database.db.select().from(addresses).where(eq(addresses.id, first.id));
    expect(row).toMatchObject({ userId: user.id, areaCodes: tokyo.codes, areaText: tokyo.text, isDefault: true });
    const second = await add(user.token, { tag: 'company', name: 'Office' });
    expect(second.is_default).toBe(false);
    const listed = await list(user.token);
    expect(listed.map((a) => [a.id, a.is_default])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect(await data('GET', `/api/user/address?id=${second.id}`, addressSchema, { token: user.token })).toEqual(
      second,
    );
  });

  it('moves the default on create, update and set_default, keeping exactly one', async () => {
    const user = await registerBuyer(ctx.app);
    const a = await add(user.token);
    const b = await add(user.token, { is_default: true });
    expect(b.is_default).toBe(true);
    expect(await getDefaultAddressId(ctx.database.db, user.id)).toBe(b.id);
    expect(await defaultsInDatabase(user.id)).toBe(1);

    const updated = await add(user.token, { id: a.id, address: 'New street 9', is_default: true });
    expect(updated).toMatchObject({ id: a.id, address: 'New street 9', is_default: true });
    expect(await getDefaultAddressId(ctx.database.db, user.id)).toBe(a.id);

    // Unchecking the default on the current default keeps it: a user with addresses has one default.
    const kept = await add(user.token, { id: a.id, is_default: false });
    expect(kept.is_default).toBe(true);

    const set = await data('POST', '/api/user/address_set_default', addressSchema, {
      token: user.token,
      body: { id: b.id },
    });
    expect(set.is_default).toBe(true);
    const listed = await list(user.token);
    expect(listed[0]?.id).toBe(b.id);
    expect(listed.filter((x) => x.is_default)).toHaveLength(1);
    expect(await defaultsInDatabase(user.id)).toBe(1);
  });

  it('deleting the default promotes the most recent remaining address; deleting the last leaves none', async () => {
    const user = await registerBuyer(ctx.app);
    const a = await add(user.token);
    const b = await add(user.token);
    const c = await add(user.token);
    await data('POST', '/api/user/address_set_default', addressSchema, { token: user.token, body: { id: a.id } });
    // Deleting a non-default keeps the default.
    expect(
      await data('GET', `/api/user/address_del?id=${b.id}`, addressDeleteResultSchema, { token: user.token }),
    ).toEqual({
      default_id: a.id,
    });
    const d = await add(user.token);
    expect(
      await data('GET', `/api/user/address_del?id=${a.id}`, addressDeleteResultSchema, { token: user.token }),
    ).toEqual({
      default_id: d.id,
    });
    expect((await list(user.token)).map((x) => [x.id, x.is_default])).toEqual([
      [d.id, true],
      [c.id, false],
    ]);
    await data('GET', `/api/user/address_del?id=${d.id}`, addressDeleteResultSchema, { token: user.token });
    expect(await getDefaultAddressId(ctx.database.db, user.id)).toBe(c.id);
    expect(
      await data('GET', `/api/user/address_del?id=${c.id}`, addressDeleteResultSchema, { token: user.token }),
    ).toEqual({
      default_id: null,
    });
    expect(await list(user.token)).toEqual([]);
    // The next address is the default again.
    expect((await add(user.token)).is_default).toBe(true);
  });

  it('validates docs/spec.md §5 with its messages (en and jp)', async () => {
    const user = await registerBuyer(ctx.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', 'validation.address_name_required'],
      [{ mobile: '12ab' }, 'mobile', 'validation.mobile_invalid'],
      [{ mobile: undefined }, 'mobile', 'validation.mobile_invalid'],
      [{ area: undefined }, 'area', 'validation.address_fields_required'],
      [{ area: { codes: [], text: 'x' } }, 'area.codes', 'validation.address_fields_required'],
      [{ area: { codes: ['JP'], text: ' ' } }, 'area.text', 'validation.address_fields_required'],
      [{ address: '' }, 'address', 'validation.address_fields_required'],
      [{ tag: '' }, 'tag', 'validation.address_fields_required'],
      [{ tag: 'school' }, 'tag', 'validation.address_fields_required'],
    ];
    const text = (catalogue: unknown, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
    for (const [over, field, key] of cases) {
      const answer = failure(
        (await call('POST', '/api/user/address_add', { token: user.token, body: body(over), lang: 'en' })).body,
      );
      expect(answer.code, JSON.stringify(over)).toBe(0);
      expect(answer.error).toBe('VALIDATION_FAILED');
      expect(answer.fields?.[field], JSON.stringify(answer.fields)).toBe(text(en, key));
      const jpAnswer = failure(
        (await call('POST', '/api/user/address_add', { token: user.token, body: body(over), lang: 'jp' })).body,
      );
      expect(jpAnswer.fields?.[field]).toBe(text(jp, key));
    }
    expect(text(en, 'validation.address_fields_required')).toBe('Please fill in the area, detailed address and tag.');
    expect(text(en, 'validation.mobile_invalid')).toBe('Please enter a correct mobile phone number.');
    for (const key of addressValidationKeys) {
      expect(typeof text(en, key), key).toBe('string');
      expect(typeof text(jp, key), key).toBe('string');
    }
    expect(await list(user.token)).toEqual([]);
  });

  it("never shows or changes another user's address (NOT_FOUND) and leaves it untouched", async () => {
    const owner = await registerBuyer(ctx.app);
    const other = await registerBuyer(ctx.app);
    const mine = await add(owner.token);
    const second = await add(owner.token);
    const theirs = await add(other.token);
    const attempts: [method: 'GET' | 'POST', url: string, payload?: unknown][] = [
      ['GET', `/api/user/address?id=${mine.id}`],
      ['POST', '/api/user/address_set_default', { id: second.id }],
      ['POST', '/api/user/address_add', body({ id: mine.id, name: 'Thief' })],
      ['GET', `/api/user/address_del?id=${mine.id}`],
      ['GET', '/api/user/address?id=999999'],
    ];
    for (const [method, url, payload] of attempts) {
      const answer = failure((await call(method, url, { token: other.token, body: payload, lang: 'en' })).body);
      expect(answer, url).toMatchObject({ code: 0, error: 'NOT_FOUND' });
    }
    expect((await list(other.token)).map((a) => a.id)).toEqual([theirs.id]);
    expect(await list(owner.token)).toEqual([mine, second].map((a) => ({ ...a })));
    expect(await getAddress(ctx.database.db, owner.id, mine.id)).toEqual({
      name: mine.name,
      mobile: mine.mobile,
      area: mine.area,
      address: mine.address,
      tag: mine.tag,
    });
    expect(await getAddress(ctx.database.db, other.id, mine.id)).toBeUndefined();
  });

  it(`caps the book at ${addressLimits.maxPerUser} addresses`, async () => {
    const user = await insertTestUser(ctx.database.db);
    const input = { ...body(), mobile: '+819012345678', tag: 'home' as const };
    for (let i = 0; i < addressLimits.maxPerUser; i += 1) await saveAddress(ctx.database.db, user.id, input);
    await expect(saveAddress(ctx.database.db, user.id, input)).rejects.toMatchObject({
      key: 'ADDRESS_LIMIT',
      params: { max: addressLimits.maxPerUser },
    });
    const [row] = await ctx.database.db.select({ n: count() }).from(addresses).where(eq(addresses.userId, user.id));
    expect(row?.n).toBe(addressLimits.maxPerUser);
    // Updating an address at the cap still works.
    const [first] = await ctx.database.db.select().from(addresses).where(eq(addresses.userId, user.id)).limit(1);
    expect((await saveAddress(ctx.database.db, user.id, { ...input, id: first?.id, name: 'Renamed' })).name).toBe(
      'Renamed',
    );
  });

  it('answers ADDRESS_LIMIT through the API with its message', async () => {
    const user = await registerBuyer(ctx.app);
    for (let i = 0; i < addressLimits.maxPerUser; i += 1) await add(user.token);
    const answer = failure(
      (await call('POST', '/api/user/address_add', { token: user.token, body: body(), lang: 'en' })).body,
    );
    expect(answer).toMatchObject({ code: 0, error: 'ADDRESS_LIMIT' });
    expect(answer.msg).toContain(String(addressLimits.maxPerUser));
  });

  it('the partial unique index refuses a second default', async () => {
    const user = await insertTestUser(ctx.database.db);
    const a = await saveAddress(ctx.database.db, user.id, { ...body(), mobile: '+819012345678', tag: 'home' });
    expect(a.is_default).toBe(true);
    await expect(
      ctx.database.db.insert(addresses).values({
        userId: user.id,
        name: 'x',
        mobile: '+819012345678',
        areaCodes: ['JP'],
        areaText: '日本',
        address: 'x',
        tag: 'home',
        isDefault: true,
      }),
    ).rejects.toThrow();
  });

  it('concurrent set_default and create calls leave exactly one default', async () => {
    const user = await insertTestUser(ctx.database.db);
    const db = ctx.database.db;
    const input = { ...body(), mobile: '+819012345678', tag: 'home' as const };
    const ids: number[] = [];
    for (let i = 0; i < 8; i += 1) ids.push((await saveAddress(db, user.id, input)).id);
    // On PostgreSQL these run on parallel connections; PGlite runs them one after another.
    const rounds = ctx.database.engine === 'postgres' ? 5 : 1;
    for (let round = 0; round < rounds; round += 1) {
      const results = await Promise.allSettled([
        ...ids.map((id) => setDefaultAddress(db, user.id, id)),
        saveAddress(db, user.id, { ...input, is_default: true }),
      ]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(await defaultsInDatabase(user.id)).toBe(1);
      const created = results.at(-1);
      if (created?.status === 'fulfilled') ids.push(created.value.id);
    }
    const winner = await getDefaultAddressId(db, user.id);
    expect(ids).toContain(winner);
  });
});
