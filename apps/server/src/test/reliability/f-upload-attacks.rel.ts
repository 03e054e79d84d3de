/**
 * Part F: hostile files against the real upload routes on PostgreSQL + Redis. Each must be refused
 * with its localized error, or neutralised: stored and served only as a re-encoded picture of an
 * allowed type, with nosniff, without what it smuggled (script, archive, GPS position). Private
 * proofs (recharge evidence, refund pictures) must stay with their owner, by URL and by id.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type ErrorKey,
  type LanguageFile,
  orderCreateResultSchema,
  refundResultSchema,
  successEnvelope,
  uploadLimits,
  uploadResultSchema,
} from '@crossmart/contract';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/translate.ts';
import {
  addressLookup,
  type Buyer,
  knownAddressId,
  newBuyer,
  newMerchant,
  newProduct,
  newShop,
  newUserWithRole,
  payCode,
} from '../commerce-fixtures.ts';
import type { TestContext } from '../test-app.ts';
import { byProfile, recordFigures, reliabilitySeed } from './figures.ts';
import { expectLedgerClean, outcomeOf, reliabilityApp, tally, violations } from './lib-efg-app.ts';
import {
  htmlPage,
  htmlThenJpeg,
  jpegClaiming,
  jpegHtmlPolyglot,
  jpegZipPolyglot,
  markers,
  pngBomb,
  pngClaiming,
  pngOfSize,
  smallJpeg,
  smallPng,
  smallWebp,
  svgWithScript,
  withGps,
  zipArchive,
} from './lib-efg-attack-files.ts';

let ctx: TestContext & { dataDir: string };
let owner: Buyer;
let stranger: Buyer;
let shopOwner: Buyer;
let otherMerchant: Buyer;
let admin: Buyer;
beforeAll(async () => {
  ctx = await reliabilityApp({ addressLookup });
  const db = ctx.database.db;
  // One after the other: the fixture derives each mobile number from the clock.
  owner = await newBuyer(ctx.app, db, 50_000);
  stranger = await newBuyer(ctx.app, db, 50_000);
  shopOwner = await newMerchant(ctx.app, db);
  otherMerchant = await newMerchant(ctx.app, db);
  admin = await newUserWithRole(ctx.app, db, 'admin');
});
afterAll(async () => {
  await expectLedgerClean(ctx);
  await ctx.close();
});

interface Sent {
  file: Buffer;
  filename: string;
  type: string;
  purpose?: string;
  lang?: LanguageFile;
}

/** `POST /api/upload` as a browser sends it, with the file name and declared type given. */
async function upload(token: string, sent: Sent) {
  const boundary = '----releffileattack';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${sent.purpose ?? 'review'}\r\n`,
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${sent.filename}"\r\nContent-Type: ${sent.type}\r\n\r\n`,
      'latin1',
    ),
    sent.file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { token, lang: sent.lang ?? 'en', 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; error?: string; data: unknown } };
}

const storedName = /^[a-f0-9]{32}\.(jpg|png|webp)$/;
const imageTypes: Record<string, { mime: string; magic: Buffer }> = {
  jpg: { mime: 'image/jpeg', magic: Buffer.from([0xff, 0xd8, 0xff]) },
  png: { mime: 'image/png', magic: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  webp: { mime: 'image/webp', magic: Buffer.from('RIFF') },
};
/** Bytes that betray active or smuggled content. */
const forbidden = [
  markers.script,
  '<script',
  '<html',
  '<svg',
  'onload=',
  markers.gps,
  markers.zipEntry,
  'PK\u0003\u0004',
];

/** Where a stored upload lives on the local disk. */
function storedPath(url: string): string {
  return url.startsWith('/uploads/')
    ? path.join(ctx.config.UPLOAD_DIR, url.slice('/uploads/'.length))
    : path.join(ctx.config.PRIVATE_UPLOAD_DIR, url.slice('/api/upload/file/'.length));
}

/**
 * An accepted hostile file must come back as a plain picture: a random stored name, served with
 * an image type and nosniff, stored bytes = served bytes, the format's magic first, no smuggled
 * marker, no metadata.
 */
async function checkNeutralised(check: ReturnType<typeof violations>, what: string, url: string, token: string) {
  const name = url.split('/').pop() ?? '';
  check.holds(`${what}: stored under a random name`, storedName.test(name), url);
  const ext = name.split('.').pop() ?? '';
  const expected = imageTypes[ext];
  const served = await ctx.app.inject({ method: 'GET', url, headers: { token } });
  check.same(`${what}: served`, served.statusCode, 200);
  check.same(`${what}: content type`, served.headers['content-type'], expected?.mime);
  check.same(`${what}: nosniff`, served.headers['x-content-type-options'], 'nosniff');
  check.holds(
    `${what}: a content security policy`,
    String(served.headers['content-security-policy']).includes("default-src 'self'"),
  );
  const bytes = served.rawPayload;
  check.holds(
    `${what}: starts as a ${ext}`,
    expected !== undefined && bytes.subarray(0, expected.magic.length).equals(expected.magic),
  );
  const stored = await readFile(storedPath(url));
  check.holds(`${what}: served bytes are the stored bytes`, stored.equals(bytes));
  const text = bytes.toString('latin1');
  for (const marker of forbidden)
    check.holds(`${what}: no ${JSON.stringify(marker)} in the served bytes`, !text.includes(marker));
  const meta = await sharp(bytes).metadata();
  check.holds(`${what}: no EXIF`, meta.exif === undefined);
  check.holds(`${what}: no XMP`, meta.xmp === undefined);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Applies byte edits at positions taken modulo the length: overwrite one, cut the rest, or repeat a slice. */
function corrupt(base: Buffer, edits: Array<{ kind: string; at: number; value: number }>): Buffer {
  let file = Buffer.from(base);
  for (const { kind, at, value } of edits) {
    const index = at % file.length;
    if (kind === 'set') file[index] = value;
    else if (kind === 'cut') file = file.subarray(0, Math.max(1, index));
    else file = Buffer.concat([file.subarray(0, index), file.subarray(index, index + value), file.subarray(index)]);
  }
  return file;
}

const messageOf = (lang: LanguageFile, key: ErrorKey) => translate(lang, `errors.${key}`);

describe('F. upload attacks', () => {
  it('refuses or neutralises every hostile file, with the localized error', async () => {
    const check = violations();
    const png = await smallPng();
    const before = new Set(await filesUnder(ctx.dataDir));
    const languages: LanguageFile[] = ['en', 'jp', 'de', 'ar', 'th'];
    const refused: Array<{ what: string; sent: Omit<Sent, 'lang'>; error: ErrorKey }> = [
      {
        what: 'HTML page named .png',
        sent: { file: htmlPage(), filename: 'photo.png', type: 'image/png' },
        error: 'UPLOAD_TYPE_NOT_ALLOWED',
      },
      {
        what: 'HTML first, JPEG after',
        sent: { file: await htmlThenJpeg(), filename: 'x.jpg', type: 'image/jpeg' },
        error: 'UPLOAD_TYPE_NOT_ALLOWED',
      },
      {
        what: 'SVG with script',
        sent: { file: svgWithScript(), filename: 'icon.svg', type: 'image/svg+xml' },
        error: 'UPLOAD_TYPE_NOT_ALLOWED',
      },
      {
        what: 'SVG with script named .png',
        sent: { file: svgWithScript(), filename: 'icon.png', type: 'image/png' },
        error: 'UPLOAD_TYPE_NOT_ALLOWED',
      },
      {
        what: 'double extension x.jpg.html',
        sent: { file: htmlPage(), filename: 'x.jpg.html', type: 'image/jpeg' },
        error: 'UPLOAD_TYPE_NOT_ALLOWED',
      },
      {
        what: 'double extension x.html.jpg',
        sent: { file: htmlPage(), filename: 'x.html.jpg', type: 'image/jpeg' },
        error: 'UPLOAD_TYPE_NOT_ALLOWED',
      },
      {
        what: 'script declared as a JPEG',
        sent: { file: Buffer.from('alert(document.cookie)'), filename: 'a.jpg', type: 'image/jpeg' },
        error: 'UPLOAD_TYPE_NOT_ALLOWED',
      },
      {
        what: 'zip archive named .jpg',
        sent: { file: zipArchive(), filename: 'photos.jpg', type: 'image/jpeg' },
        error: 'UPLOAD_TYPE_NOT_ALLOWED',
      },
      {
        what: 'zip archive as itself',
        sent: { file: zipArchive(), filename: 'photos.zip', type: 'application/zip' },
        error: 'UPLOAD_TYPE_NOT_ALLOWED',
      },
      {
        what: 'limit + 1 byte',
        sent: { file: await pngOfSize(uploadLimits.maxBytes + 1), filename: 'big.png', type: 'image/png' },
        error: 'UPLOAD_TOO_LARGE',
      },
      {
        what: 'pixel flood PNG (30000 × 30000 declared)',
        sent: { file: await pngClaiming(30_000, 30_000), filename: 'flood.png', type: 'image/png' },
        error: 'UPLOAD_TOO_MANY_PIXELS',
      },
      {
        what: 'pixel flood JPEG (65000 × 65000 declared)',
        sent: { file: await jpegClaiming(65_000, 65_000), filename: 'flood.jpg', type: 'image/jpeg' },
        error: 'UPLOAD_TOO_MANY_PIXELS',
      },
      {
        what: 'decompression bomb PNG (20000 × 20000, inflates to 400 MP)',
        sent: { file: pngBomb(20_000), filename: 'bomb.png', type: 'image/png' },
        error: 'UPLOAD_TOO_MANY_PIXELS',
      },
      {
        what: 'truncated PNG',
        sent: { file: png.subarray(0, 40), filename: 'cut.png', type: 'image/png' },
        error: 'UPLOAD_INVALID_IMAGE',
      },
    ];
    let requests = 0;
    for (const [index, { what, sent, error }] of refused.entries()) {
      const lang = languages[index % languages.length] ?? 'en';
      const { status, body } = await upload(owner.token, { ...sent, lang });
      requests += 1;
      check.same(`${what}: status`, status, 200);
      check.same(`${what}: error`, body.error, error);
      check.same(`${what}: message in ${lang}`, body.msg, messageOf(lang, error));
    }

    const neutralised: Array<{ what: string; sent: Sent }> = [
      {
        what: 'JPEG/HTML polyglot declared as HTML',
        sent: { file: await jpegHtmlPolyglot(), filename: 'page.html', type: 'text/html' },
      },
      { what: 'JPEG/zip polyglot', sent: { file: await jpegZipPolyglot(), filename: 'x.jpg', type: 'image/jpeg' } },
      { what: 'PNG named x.png.html, declared HTML', sent: { file: png, filename: 'x.png.html', type: 'text/html' } },
      { what: 'PNG declared as SVG', sent: { file: png, filename: 'x.svg', type: 'image/svg+xml' } },
      {
        what: 'exactly the size limit',
        sent: { file: await pngOfSize(uploadLimits.maxBytes), filename: 'limit.png', type: 'image/png' },
      },
      { what: 'JPEG with GPS', sent: { file: await withGps.jpeg(), filename: 'trip.jpg', type: 'image/jpeg' } },
      { what: 'PNG with GPS', sent: { file: await withGps.png(), filename: 'trip.png', type: 'image/png' } },
      { what: 'WebP with GPS', sent: { file: await withGps.webp(), filename: 'trip.webp', type: 'image/webp' } },
      {
        what: 'traversal ../../../etc/cron.d/x.png',
        sent: { file: png, filename: '../../../etc/cron.d/x.png', type: 'image/png' },
      },
      {
        what: 'traversal ..\\..\\windows\\x.png',
        sent: { file: png, filename: '..\\..\\windows\\x.png', type: 'image/png' },
      },
      { what: 'traversal /etc/passwd', sent: { file: png, filename: '/etc/passwd', type: 'image/png' } },
      {
        what: 'encoded traversal %2e%2e%2fx.png',
        sent: { file: png, filename: '%2e%2e%2f%2e%2e%2fx.png', type: 'image/png' },
      },
      { what: 'NUL in the name', sent: { file: png, filename: 'x.png\u0000.html', type: 'image/png' } },
      {
        what: 'private evidence with a traversal name',
        sent: { file: png, filename: '../../uploads/evidence.png', type: 'image/png', purpose: 'evidence' },
      },
    ];
    // The planted metadata is really there before the upload, else stripping it would prove nothing.
    for (const make of Object.values(withGps)) {
      check.holds('the GPS picture carries its position', (await make()).includes(markers.gps));
    }
    for (const { what, sent } of neutralised) {
      const { body } = await upload(owner.token, sent);
      requests += 2;
      check.same(`${what}: accepted as a picture`, body.code, 1);
      if (body.code !== 1) continue;
      const { url } = successEnvelope(uploadResultSchema).parse(body).data;
      await checkNeutralised(check, what, url, owner.token);
    }

    // Nothing was written outside the stores, nor under a name the client chose (the app's own
    // generated pictures, written at start, excepted).
    for (const relative of (await filesUnder(ctx.dataDir)).filter((file) => !before.has(file))) {
      check.holds(
        'every stored file is <store>/<purpose>/<random name>',
        /^(uploads|private-uploads)\/[a-z]+\/[a-f0-9]{32}\.(jpg|png|webp)$/.test(relative),
        relative,
      );
    }

    recordFigures({
      part: 'F',
      scenario: 'hostile files refused or neutralised',
      operations: requests,
      faults: 0,
      inputs: refused.length + neutralised.length,
      failures: check.found.length,
    });
    expect(check.found).toEqual([]);
  });

  it(`refuses or neutralises randomly corrupted pictures, never failing (seed ${reliabilitySeed})`, async () => {
    const check = violations();
    const bases = { jpg: await smallJpeg(), png: await smallPng(), webp: await smallWebp() };
    const allowedRefusals = ['UPLOAD_INVALID_IMAGE', 'UPLOAD_TYPE_NOT_ALLOWED', 'UPLOAD_TOO_MANY_PIXELS'];
    const edit = fc.record({
      kind: fc.constantFrom('set', 'cut', 'repeat'),
      at: fc.nat(),
      value: fc.integer({ min: 0, max: 255 }),
    });
    let tried = 0;
    const outcomes: string[] = [];
    let thrown: unknown;
    await fc
      .assert(
        fc.asyncProperty(
          fc.constantFrom('jpg', 'png', 'webp'),
          fc.array(edit, { minLength: 1, maxLength: 6 }),
          async (ext, edits) => {
            const file = corrupt(bases[ext as keyof typeof bases], edits);
            tried += 1;
            const before = check.found.length;
            const { status, body } = await upload(owner.token, {
              file,
              filename: `fuzz.${ext}`,
              type: imageTypes[ext]?.mime ?? '',
            });
            const what = `corrupted ${ext} ${JSON.stringify(edits)}`;
            outcomes.push(body.code === 1 ? 'accepted' : (body.error ?? String(body.code)));
            check.same(`${what}: status`, status, 200);
            if (body.code === 1) {
              await checkNeutralised(
                check,
                what,
                successEnvelope(uploadResultSchema).parse(body).data.url,
                owner.token,
              );
            } else {
              check.holds(
                `${what}: refused as a picture problem`,
                allowedRefusals.includes(body.error ?? ''),
                body.error,
              );
            }
            return check.found.length === before;
          },
        ),
        { seed: reliabilitySeed, numRuns: byProfile(25, 300), endOnFailure: true },
      )
      .catch((error: unknown) => {
        // A violation is in `check`, reported with the figures; anything else is rethrown after them.
        if (check.found.length === 0) thrown = error;
      });
    console.log(`F corrupted pictures, seed ${reliabilitySeed}: ${JSON.stringify(tally(outcomes))}`);
    recordFigures({
      part: 'F',
      scenario: 'corrupted pictures (seeded)',
      operations: 2 * tried,
      faults: 0,
      inputs: tried,
      failures: check.found.length + (thrown ? 1 : 0),
    });
    expect(check.found).toEqual([]);
    if (thrown) throw thrown;
  });

  it("keeps another user's recharge evidence and refund pictures private, by URL and by id", async () => {
    const check = violations();
    const db = ctx.database.db;
    const png = await smallPng();
    const uploadedUrl = async (token: string, purpose: string) => {
      const { body } = await upload(token, { file: png, filename: 'proof.png', type: 'image/png', purpose });
      return successEnvelope(uploadResultSchema).parse(body).data.url;
    };
    // The owner's recharge with its evidence, and a refund of a paid order with its picture.
    const evidence = await uploadedUrl(owner.token, 'evidence');
    check.same(
      'own recharge',
      (
        await outcomeOf(
          ctx.app,
          '/api/user/recharge',
          { method: 'bank', amount: 5000, image: evidence },
          { token: owner.token },
        )
      ).error,
      'ok',
    );
    const shop = await newShop(db, shopOwner.id);
    await newShop(db, otherMerchant.id);
    const product = await newProduct(db, shop.id, { price: 2000, stock: 10 });
    const orderFor = async (buyer: Buyer) => {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/order/create',
        headers: { token: buyer.token },
        payload: { sku_id: product.skuId, quantity: 1, address_id: knownAddressId },
      });
      const orderId = successEnvelope(orderCreateResultSchema).parse(created.json()).data.order_ids[0] ?? 0;
      const paid = await outcomeOf(
        ctx.app,
        '/api/user/verify_pay',
        { order_ids: [orderId], paypwd: payCode },
        { token: buyer.token },
      );
      if (paid.error !== 'ok') throw new Error(`pay failed: ${paid.error}`);
      return orderId;
    };
    const refundBody = (orderId: number, pictures: string[]) => ({
      order_id: orderId,
      type: 'refund_only',
      amount: 1000,
      product_status: 'not_received',
      reason: 'damaged',
      explanation: 'The parcel never came',
      pictures,
    });
    const picture = await uploadedUrl(owner.token, 'refund');
    const ownerOrder = await orderFor(owner);
    const refund = await outcomeOf(ctx.app, '/api/order/refund', refundBody(ownerOrder, [picture]), {
      token: owner.token,
    });
    check.same('own refund', refund.error, 'ok');
    const refundId = refund.error === 'ok' ? successEnvelope(refundResultSchema).parse(refund.body).data.id : 0;

    // By URL: the stranger and another merchant get exactly what a missing file gets.
    const get = async (url: string, token?: string) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { lang: 'en', ...(token ? { token } : {}) } });
      const isJson = String(res.headers['content-type']).startsWith('application/json');
      const json = isJson ? (res.json() as Record<string, unknown>) : undefined;
      const { request_id: _id, ...envelope } = json ?? {};
      return { status: res.statusCode, type: String(res.headers['content-type']), envelope, bytes: res.rawPayload };
    };
    const missing = (url: string) => url.replace(/[a-f0-9]{32}/, '0'.repeat(32));
    let requests = 0;
    for (const [what, url] of [
      ['recharge evidence', evidence],
      ['refund picture', picture],
    ] as const) {
      const notFound = await get(missing(url), stranger.token);
      check.same(`${what}: a missing file`, notFound.envelope.error, 'NOT_FOUND');
      for (const [who, token] of [
        ['another buyer', stranger.token],
        ['another merchant', otherMerchant.token],
      ] as const) {
        const answer = await get(url, token);
        check.same(`${what}, ${who}: answers like a missing file`, answer, { ...notFound, bytes: answer.bytes });
        check.holds(`${what}, ${who}: no image bytes`, !answer.type.startsWith('image/'));
      }
      check.same(`${what}, visitor`, (await get(url)).envelope.code, 401);
      check.same(`${what}, owner`, (await get(url, owner.token)).status, 200);
      check.same(`${what}, admin`, (await get(url, admin.token)).status, 200);
      const name = url.split('/').pop() ?? '';
      const purpose = url.split('/').at(-2) ?? '';
      // Never reachable through the static store, however the path is dressed.
      for (const probe of [
        `/uploads/${purpose}/${name}`,
        `/uploads/../private-uploads/${purpose}/${name}`,
        `/uploads/%2e%2e/private-uploads/${purpose}/${name}`,
        `/uploads/review/..%2f..%2fprivate-uploads%2f${purpose}%2f${name}`,
        `/uploads/..%5cprivate-uploads%5c${purpose}%5c${name}`,
        `/api/upload/file/review/..%2f${purpose}%2f${name}`,
      ]) {
        const answer = await get(probe, stranger.token);
        check.holds(
          `${what}: ${probe} serves nothing`,
          answer.status !== 200 || !answer.type.startsWith('image/'),
          answer.status,
        );
      }
      requests += 11;
    }
    check.same('refund picture, the shop it was asked of', (await get(picture, shopOwner.token)).status, 200);

    // By id: the stranger can neither claim the owner's proofs as theirs nor open the owner's refund.
    check.same(
      'recharge citing another user’s evidence',
      (
        await outcomeOf(
          ctx.app,
          '/api/user/recharge',
          { method: 'bank', amount: 5000, image: evidence },
          { token: stranger.token },
        )
      ).error,
      'EVIDENCE_INVALID',
    );
    const strangerOrder = await orderFor(stranger);
    check.same(
      'refund citing another user’s picture',
      (await outcomeOf(ctx.app, '/api/order/refund', refundBody(strangerOrder, [picture]), { token: stranger.token }))
        .error,
      'REFUND_PICTURES_INVALID',
    );
    const detail = async (url: string, token: string) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { token, lang: 'en' } });
      return (res.json() as { error?: string }).error ?? 'ok';
    };
    check.same(
      'refund detail by id, another buyer',
      await detail(`/api/order/refund_detail?id=${refundId}`, stranger.token),
      'REFUND_NOT_FOUND',
    );
    check.same(
      'refund detail by order, another buyer',
      await detail(`/api/order/refund_detail?order_id=${ownerOrder}`, stranger.token),
      'REFUND_NOT_FOUND',
    );
    check.same(
      'refund detail by id, another merchant',
      await detail(`/api/merchant/refund_detail?id=${refundId}`, otherMerchant.token),
      'REFUND_NOT_FOUND',
    );
    const log = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/recharge_log',
      headers: { token: stranger.token },
    });
    check.holds('the stranger’s recharge log shows nothing of the owner’s', !log.body.includes(evidence));
    requests += 10;

    recordFigures({
      part: 'F',
      scenario: 'private proofs of another user',
      operations: requests,
      faults: 0,
      inputs: 2,
      failures: check.found.length,
    });
    expect(check.found).toEqual([]);
  });
});
