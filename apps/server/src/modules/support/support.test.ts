import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  adminComplaintPageSchema,
  adminContentItemSchema,
  adminContentListSchema,
  complaintPageSchema,
  complaintSchema,
  contentPageSchema,
  uploadResultSchema,
} from '@crossmart/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPages } from '../../db/schema/support.ts';
import { call, expectOk, newBuyer, newMerchant, newShop, newUserWithRole } from '../../test/commerce-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { syncDefaultContent } from './index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'crossmart-support-')) } });
});
afterAll(() => ctx.close());

async function uploadEvidence(token: string): Promise<string> {
  const boundary = '----crossmartsupport';
  const file = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a3' } })
    .png()
    .toBuffer();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nevidence\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  const body = res.json();
  return uploadResultSchema.parse(body.data).url;
}

describe('complaints', () => {
  it('goes from the buyer to the admin queue and back with the reply; each sees only their own', async () => {
    const db = ctx.database.db;
    const buyer = await newBuyer(ctx.app, db);
    const stranger = await newBuyer(ctx.app, db);
    const merchant = await newMerchant(ctx.app, db);
    const otherMerchant = await newMerchant(ctx.app, db);
    const admin = await newUserWithRole(ctx.app, db, 'admin');
    const shop = await newShop(db, merchant.id);
    await newShop(db, otherMerchant.id);
    const shopName: string = (await ctx.app.inject({ url: `/api/shop/detail?id=${shop.id}` })).json().data.name;
    const image = await uploadEvidence(buyer.token);

    const filed = expectOk(
      await call(ctx.app, 'POST', '/api/merchant/complaint', buyer.token, complaintSchema, {
        shop_name: ` ${shopName.toUpperCase()} `,
        content: 'The parcel arrived broken.',
        images: [image],
      }),
    );
    expect(filed).toMatchObject({ shop_id: shop.id, shop_name: shopName, status: 0, reply: '', images: [image] });

    // Not the buyer's own upload, an unknown shop, an empty content: refused.
    const strangerImage = await uploadEvidence(stranger.token);
    expect(
      await call(ctx.app, 'POST', '/api/merchant/complaint', buyer.token, complaintSchema, {
        shop_name: shopName,
        content: 'x',
        images: [strangerImage],
      }),
    ).toMatchObject({ ok: false, error: 'COMPLAINT_IMAGES_INVALID' });
    expect(
      await call(ctx.app, 'POST', '/api/merchant/complaint', buyer.token, complaintSchema, {
        shop_name: 'no such shop anywhere',
        content: 'x',
      }),
    ).toMatchObject({ ok: false, error: 'SHOP_NOT_FOUND' });
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/merchant/complaint',
      headers: { token: buyer.token, lang: 'en' },
      payload: { shop_name: shopName, content: '  ' },
    });
    expect(empty.json()).toMatchObject({ code: 0, fields: { content: 'Please enter the complaint content.' } });

    // The admin queue shows it open, with who complained.
    const queue = expectOk(
      await call(ctx.app, 'GET', '/api/admin/complaint_list?status=0', admin.token, adminComplaintPageSchema),
    );
    const queued = queue.list.find((item) => item.id === filed.id);
    expect(queued).toMatchObject({ user_id: buyer.id, status: 0 });
    expect(queued?.user_account).toMatch(/^buyer_/);

    const handled = expectOk(
      await call(ctx.app, 'POST', '/api/admin/complaint_handle', admin.token, complaintSchema, {
        id: filed.id,
        reply: 'We have asked the shop to send a replacement.',
      }),
    );
    expect(handled).toMatchObject({ status: 1, reply: 'We have asked the shop to send a replacement.' });
    expect(handled.handled_at).not.toBeNull();
    expect(
      await call(ctx.app, 'POST', '/api/admin/complaint_handle', admin.token, complaintSchema, {
        id: filed.id,
        reply: 'again',
      }),
    ).toMatchObject({ ok: false, error: 'ALREADY_PROCESSED' });

    // The buyer reads the reply; another buyer sees nothing of it.
    const mine = expectOk(await call(ctx.app, 'GET', '/api/user/complaint_list', buyer.token, complaintPageSchema));
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({ id: filed.id, status: 1, reply: handled.reply });
    const theirs = expectOk(
      await call(ctx.app, 'GET', '/api/user/complaint_list', stranger.token, complaintPageSchema),
    );
    expect(theirs.list).toEqual([]);

    // The shop's merchant reads it; another merchant does not, and a buyer may not call it.
    const shopList = expectOk(
      await call(ctx.app, 'GET', '/api/merchant/complaint_list', merchant.token, complaintPageSchema),
    );
    expect(shopList.list.map((item) => item.id)).toEqual([filed.id]);
    const otherList = expectOk(
      await call(ctx.app, 'GET', '/api/merchant/complaint_list', otherMerchant.token, complaintPageSchema),
    );
    expect(otherList.list).toEqual([]);
    expect(await call(ctx.app, 'GET', '/api/merchant/complaint_list', buyer.token, complaintPageSchema)).toMatchObject({
      ok: false,
      error: 'MERCHANT_REQUIRED',
    });
  });

  it('answers NOT_FOUND for a complaint that does not exist', async () => {
    const admin = await newUserWithRole(ctx.app, ctx.database.db, 'admin');
    expect(
      await call(ctx.app, 'POST', '/api/admin/complaint_handle', admin.token, complaintSchema, {
        id: 999_999,
        reply: 'x',
      }),
    ).toMatchObject({ ok: false, error: 'NOT_FOUND' });
  });
});

describe('help, law and partnership texts', () => {
  it('ships English and Japanese texts and falls back to English', async () => {
    // Every language ships a text (issue 16): take French's away to see the fallback.
    await ctx.database.db.delete(contentPages).where(eq(contentPages.lang, 'fr'));
    for (const [url, marker] of [
      ['/api/user/help_support', 'How top-up works'],
      ['/api/user/law', 'Privacy policy'],
      ['/api/user/platform', 'How to join'],
    ] as const) {
      const en = expectOk(await call(ctx.app, 'GET', url, undefined, contentPageSchema));
      expect(en.lang).toBe('en');
      expect(en.body).toContain(marker);
      const jp = expectOk(await call(ctx.app, 'GET', url, undefined, contentPageSchema, undefined, { lang: 'jp' }));
      expect(jp.lang).toBe('jp');
      expect(jp.body).not.toBe(en.body);
      const fr = expectOk(await call(ctx.app, 'GET', url, undefined, contentPageSchema, undefined, { lang: 'fr' }));
      expect(fr).toMatchObject({ lang: 'en', body: en.body });
    }
    const law = expectOk(
      await call(ctx.app, 'GET', '/api/user/law', undefined, contentPageSchema, undefined, { lang: 'jp' }),
    );
    expect(law.body).toContain('返金ポリシー');
  });

  it('lets an admin save a text that readers then get; a start keeps the edit', async () => {
    const admin = await newUserWithRole(ctx.app, ctx.database.db, 'admin');
    const body = '# Conditions\nBonjour <script>alert(1)</script>';
    const saved = expectOk(
      await call(ctx.app, 'POST', '/api/admin/content_save', admin.token, adminContentItemSchema, {
        key: 'law',
        lang: 'fr',
        body,
      }),
    );
    expect(saved).toMatchObject({ key: 'law', lang: 'fr', body });
    const fr = expectOk(
      await call(ctx.app, 'GET', '/api/user/law', undefined, contentPageSchema, undefined, { lang: 'fr' }),
    );
    expect(fr).toMatchObject({ lang: 'fr', body });
    const list = expectOk(await call(ctx.app, 'GET', '/api/admin/content_list', admin.token, adminContentListSchema));
    const laws = list.filter((item) => item.key === 'law');
    expect(laws.map((item) => item.lang)).toEqual(expect.arrayContaining(['en', 'fr', 'jp']));
    expect(laws.find((item) => item.lang === 'fr')?.body).toBe(body);
    expect(
      await call(ctx.app, 'POST', '/api/admin/content_save', admin.token, adminContentItemSchema, {
        key: 'secrets',
        lang: 'fr',
        body,
      }),
    ).toMatchObject({ ok: false, error: 'VALIDATION_FAILED' });

    expectOk(
      await call(ctx.app, 'POST', '/api/admin/content_save', admin.token, adminContentItemSchema, {
        key: 'help_support',
        lang: 'en',
        body: '# Edited help',
      }),
    );
    await syncDefaultContent(ctx.database.db);
    const help = expectOk(await call(ctx.app, 'GET', '/api/user/help_support', undefined, contentPageSchema));
    expect(help.body).toBe('# Edited help');
  });
});

describe('roles', () => {
  it('refuses a buyer on every admin call and a visitor on every user call', async () => {
    const buyer = await newBuyer(ctx.app, ctx.database.db);
    const adminCalls = [
      { method: 'GET', url: '/api/admin/complaint_list' },
      { method: 'POST', url: '/api/admin/complaint_handle', payload: { id: 1, reply: 'x' } },
      { method: 'GET', url: '/api/admin/content_list' },
      { method: 'POST', url: '/api/admin/content_save', payload: { key: 'law', lang: 'en', body: 'x' } },
    ] as const;
    for (const request of adminCalls) {
      const res = await ctx.app.inject({ ...request, headers: { token: buyer.token } });
      expect(res.json(), request.url).toMatchObject({ code: 0, error: 'FORBIDDEN' });
    }
    for (const url of ['/api/user/complaint_list', '/api/merchant/complaint_list']) {
      expect((await ctx.app.inject({ url })).json()).toMatchObject({ code: 401 });
    }
    const complaint = await ctx.app.inject({
      method: 'POST',
      url: '/api/merchant/complaint',
      payload: { shop_name: 'x', content: 'y' },
    });
    expect(complaint.json()).toMatchObject({ code: 401 });
  });
});
