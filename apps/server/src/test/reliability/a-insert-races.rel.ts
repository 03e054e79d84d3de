/**
 * Part A, "read, then insert or update" races outside the money paths: cart, merchant applications,
 * text pages, customer service. Each scenario lines its requests up behind a row a third
 * transaction holds (lib-ab-lined-up.ts), so the interleaving that loses is the one that runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Buyer } from '../commerce-fixtures.ts';
import {
  newBuyer,
  newSeller,
  outcome,
  type RaceApp,
  Scenario,
  startRaceApp,
  tally,
  uploadPicture,
} from './lib-ab-app.ts';
import { linedUpBehind } from './lib-ab-lined-up.ts';

let app: RaceApp;
beforeAll(async () => {
  app = await startRaceApp(3103);
});
afterAll(() => app?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await app.db.execute<T & Record<string, unknown>>(query)).rows;
}
/** A SKU row held as a merchant's edit of its product holds it (`FOR UPDATE`: inserts naming it wait). */
const skuRow = (skuId: number) => sql`select id from product_skus where id = ${skuId} for update`;
const addToCart = (buyer: Buyer, skuId: number, quantity: number) =>
  app.post('/api/cart/add', buyer.token, { sku_id: skuId, quantity });
async function cartQuantity(buyer: Buyer, skuId: number): Promise<number> {
  const [row] = await rows<{ quantity: number }>(
    sql`select quantity from cart_items where user_id = ${buyer.id} and sku_id = ${skuId}`,
  );
  return Number(row?.quantity ?? 0);
}

describe('A. insert races over HTTP on PostgreSQL', () => {
  it('the same SKU added twice at once: one line, the stock bounds the sum, a valid add never refused', async () => {
    const s = new Scenario('A', 'cart adds of one SKU at once');
    const rounds = [
      // [first, second, expected outcomes, expected quantity], stock 5.
      { adds: [1, 1], outcomes: ['ok', 'ok'], quantity: 2 },
      { adds: [3, 3], outcomes: ['ok', 'INSUFFICIENT_STOCK'], quantity: 3 },
      // An add beyond the stock beside a valid one: before, the first inserted its 7 (there was no
      // line to bound), the second found it and was refused, then the first deleted the line.
      { adds: [7, 1], outcomes: ['INSUFFICIENT_STOCK', 'ok'], quantity: 1 },
    ];
    for (const [round, { adds, outcomes, quantity }] of rounds.entries()) {
      const seller = await newSeller(app, 500, 5);
      const buyer = await newBuyer(app);
      const answers = await linedUpBehind(
        app.db,
        skuRow(seller.skuId),
        adds.map((n) => () => addToCart(buyer, seller.skuId, n)),
      );
      s.count(answers);
      s.faults += 1;
      s.check(
        JSON.stringify(answers.map(outcome)) === JSON.stringify(outcomes),
        `round ${round} (${adds.join(' + ')}): ${JSON.stringify(answers.map(outcome))}, expected ${JSON.stringify(outcomes)}`,
      );
      const stored = await cartQuantity(buyer, seller.skuId);
      s.check(stored === quantity, `round ${round} (${adds.join(' + ')}): ${stored} in the cart, expected ${quantity}`);
    }
    await s.finish(app.db);
  });

  it("an application beside the audit of the user's pending one: never a pending application of a merchant", async () => {
    const s = new Scenario('A', 'merchant application beside an audit');
    const [category] = await rows<{ id: number }>(sql`select id from categories order by id limit 1`);
    const apply = async (user: Buyer, name: string) => {
      const logo = await uploadPicture(app, user.token, 'shop');
      const document = await uploadPicture(app, user.token, 'evidence');
      return () =>
        app.post('/api/merchant/apply', user.token, {
          shop_name: name,
          logo,
          contact_name: 'Aoi Suzuki',
          mobile: '+819012345678',
          email: 'aoi@example.com',
          category_id: Number(category?.id),
          description: 'Handmade things',
          document,
        });
    };
    for (const decision of [1, 2] as const) {
      const user = await newBuyer(app);
      const suffix = `${user.id}-${decision}`;
      const first = await (await apply(user, `Racing shop ${suffix}`))();
      s.check(outcome(first) === 'ok', `apply: ${outcome(first)}`);
      const applicationId = (first.body.data as { id: number }).id;
      const again = await apply(user, `Racing shop ${suffix} again`);
      // The admin's row held: the audit waits at its audit_log row (its foreign key), after it
      // changed the application, so the second application waits for the audit's commit.
      const answers = await linedUpBehind(app.db, sql`select id from users where id = ${app.admin.id} for update`, [
        () =>
          app.post('/api/admin/merchant_apply_audit', app.admin.token, {
            id: applicationId,
            status: decision,
            ...(decision === 2 ? { reason: 'Document unreadable' } : {}),
          }),
        again,
      ]);
      s.count(answers);
      s.faults += 1;
      const [audited, applied] = answers.map(outcome);
      const expected = decision === 1 ? 'ALREADY_MERCHANT' : 'ok';
      s.check(
        audited === 'ok' && applied === expected,
        `${decision === 1 ? 'approval' : 'refusal'}: audit ${audited}, application ${applied} (expected ${expected})`,
      );
      const [state] = await rows<{ role: string; pending: number }>(sql`
        select u.role, (select count(*) from merchant_applications a where a.user_id = u.id and a.status = 0)::int as pending
        from users u where u.id = ${user.id}`);
      const pending = Number(state?.pending);
      s.check(
        decision === 1 ? state?.role === 'merchant' && pending === 0 : state?.role === 'buyer' && pending === 1,
        `${decision === 1 ? 'approval' : 'refusal'}: role ${state?.role}, ${pending} pending applications`,
      );
    }
    await s.finish(app.db);
  });

  it("two admins saving one text page at once: each audit row's before is the text it replaced", async () => {
    const s = new Scenario('A', 'text page saves at once');
    const save = (admin: Buyer, body: string) =>
      app.post('/api/admin/content_save', admin.token, { key: 'law', lang: 'de', body });
    s.check(outcome(await save(app.admin, 'Version 0')) === 'ok', 'first save');
    const answers = await linedUpBehind(
      app.db,
      sql`select key from content_pages where key = 'law' and lang = 'de' for update`,
      [() => save(app.admin, 'Version 1'), () => save(app.admin2, 'Version 2')],
    );
    s.count(answers);
    s.faults += 1;
    s.check(
      answers.every((answer) => outcome(answer) === 'ok'),
      JSON.stringify(tally(answers)),
    );
    const audit = await rows<{ before: string | null; after: string }>(sql`
      select before->>'body' as before, after->>'body' as after from audit_log
      where action = 'content_save' and target_id = 'law:de' order by id`);
    // A chain: every save replaced what the one before it wrote.
    for (const [index, row] of audit.entries()) {
      if (index === 0) continue;
      const previous = audit[index - 1]?.after;
      s.check(
        row.before === previous,
        `save of "${row.after}" recorded before "${row.before}", replaced "${previous}"`,
      );
    }
    s.check(audit.length === 3, `${audit.length} audit rows`);
    await s.finish(app.db);
  });

  it("two admins saving the platform settings at once: each audit row's before is what it replaced", async () => {
    const s = new Scenario('A', 'settings saves at once');
    const current = await app.call('GET', '/api/admin/settings', { token: app.admin.token });
    const base = current.body.data as Record<string, unknown>;
    const save = (admin: Buyer, fee: number) =>
      app.post('/api/admin/settings_save', admin.token, { ...base, withdrawal_fee_bp: fee });
    s.check(outcome(await save(app.admin, 110)) === 'ok', 'first save');
    const answers = await linedUpBehind(
      app.db,
      sql`select key from settings where key = 'withdrawal_fee_bp' for update`,
      [() => save(app.admin, 120), () => save(app.admin2, 130)],
    );
    s.count(answers);
    s.faults += 1;
    s.check(
      answers.every((answer) => outcome(answer) === 'ok'),
      JSON.stringify(tally(answers)),
    );
    const audit = await rows<{ before: number; after: number }>(sql`
      select (before->>'withdrawal_fee_bp')::int as before, (after->>'withdrawal_fee_bp')::int as after
      from audit_log where action = 'settings_save' order by id`);
    // A chain: every save replaced what the one before it wrote.
    for (const [index, row] of audit.entries()) {
      if (index === 0) continue;
      const previous = audit[index - 1]?.after;
      s.check(row.before === previous, `save of ${row.after} recorded before ${row.before}, replaced ${previous}`);
    }
    s.check(audit.length === 3, `${audit.length} audit rows`);
    await s.finish(app.db);
  });

  it('follows and unfollows of one shop at once: the fans counter equals the follows', async () => {
    // Passes with the code as it is: the unique (user, shop) index decides, and the counter moves
    // only with a row added or removed. Kept as the guard.
    const s = new Scenario('A', 'follows of one shop at once');
    const seller = await newSeller(app, 100, 1);
    const [one, two] = [await newBuyer(app), await newBuyer(app)];
    const follow = (user: Buyer, path: 'follow' | 'unfollow') => () =>
      app.post(`/api/shop/${path}`, user.token, { shop_id: seller.shopId });
    // The shop row held as a sale or a support holds it (its counters move).
    const shopRow = sql`select id from shops where id = ${seller.shopId} for no key update`;
    const fans = async () => {
      const [row] = await rows<{ fans: number; follows: number }>(sql`
        select fans::int as fans, (select count(*) from shop_follows f where f.shop_id = s.id)::int as follows
        from shops s where s.id = ${seller.shopId}`);
      return { fans: Number(row?.fans), follows: Number(row?.follows) };
    };
    for (const [what, requests, expected] of [
      ['follows', [follow(one, 'follow'), follow(one, 'follow'), follow(two, 'follow')], 2],
      ['unfollows', [follow(one, 'unfollow'), follow(one, 'unfollow'), follow(two, 'follow')], 1],
    ] as const) {
      const answers = await linedUpBehind(app.db, shopRow, requests);
      s.count(answers);
      s.faults += 1;
      s.check(
        answers.every((answer) => outcome(answer) === 'ok'),
        `${what}: ${JSON.stringify(tally(answers))}`,
      );
      const counted = await fans();
      s.check(
        counted.fans === expected && counted.follows === expected,
        `${what}: ${counted.fans} fans, ${counted.follows} follows, expected ${expected}`,
      );
    }
    await s.finish(app.db);
  });

  it('two agent replies at once: one unread service-reply notification', async () => {
    // Passes with the code as it is: the replies lock the conversation row before `notify`, so the
    // second one's update-then-insert sees the first one's notification. Kept as the guard.
    const s = new Scenario('A', 'agent replies at once');
    const user = await newBuyer(app);
    s.check(
      outcome(await app.post('/api/service/send', user.token, { kind: 'text', body: 'Where is my parcel?' })) === 'ok',
      'user message',
    );
    const reply = (admin: Buyer, body: string) => () =>
      app.post('/api/admin/service_reply', admin.token, { user_id: user.id, kind: 'text', body });
    const answers = await linedUpBehind(
      app.db,
      sql`select id from support_conversations where user_id = ${user.id} for update`,
      [reply(app.admin, 'Looking into it'), reply(app.admin2, 'It left the warehouse')],
    );
    s.count(answers);
    s.faults += 1;
    s.check(
      answers.every((answer) => outcome(answer) === 'ok'),
      JSON.stringify(tally(answers)),
    );
    const [counts] = await rows<{ unread: number; notes: number }>(sql`
      select (select user_unread from support_conversations where user_id = ${user.id})::int as unread,
        (select count(*) from notifications where user_id = ${user.id} and kind = 'service_reply' and read_at is null)::int as notes`);
    s.check(Number(counts?.unread) === 2, `${counts?.unread} unread messages, 2 sent`);
    s.check(Number(counts?.notes) === 1, `${counts?.notes} unread service-reply notifications`);
    await s.finish(app.db);
  });
});
