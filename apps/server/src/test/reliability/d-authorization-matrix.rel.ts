/**
 * D. Authorization matrix: every route the app has × every kind of caller, against the one table
 * below. A route the app serves without a row here fails the test by name, so a new route cannot
 * ship without saying who may call it. Console routes (`/api/admin/*`) take their rows from the
 * admin permission table (plugins/admin-permissions.ts), which stays the single source for them.
 *
 * A call is "let through" when its answer is not a refusal of the caller (401, FORBIDDEN,
 * MERCHANT_REQUIRED): a success, a validation failure of the empty request, or a business answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPermissions, permissionKey } from '../../plugins/admin-permissions.ts';
import type { CatalogRoute } from '../../plugins/route-catalog.ts';
import { createTestApp, type TestContext } from '../test-app.ts';
import { recordFigures } from './figures.ts';
import { answerViolation, outcomeOf } from './lib-cd-answers.ts';
import { apiOnlyEnv, type Cast, createCast, type Role, roles } from './lib-cd-roles.ts';

/**
 * Who a route lets through:
 * - `public`: everyone, a bad token is ignored;
 * - `user`: any live session (buyers, merchants, admins);
 * - `buyer`: shoppers, i.e. buyers and merchants; admins get FORBIDDEN;
 * - `merchant`: merchants only; everyone else logged in gets MERCHANT_REQUIRED;
 * - `admin`: admins only, by the admin permission table (never listed here).
 */
type Access = 'public' | 'user' | 'buyer' | 'merchant';

const routeAccess: Readonly<Record<string, Access>> = {
  // platform, docs, files
  'GET /metrics': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /uploads/*': 'public',
  'GET /uploads/_v/*': 'public',
  'GET /api/config': 'public',
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  // accounts
  'GET /api/user/language_list': 'public',
  'POST /api/user/register': 'public',
  'POST /api/user/login': 'public',
  'POST /api/user/forgot_code': 'public',
  'POST /api/user/resetpwd': 'public',
  'GET /api/user/getUserInfo': 'user',
  'POST /api/user/logout': 'user',
  'POST /api/user/profile': 'user',
  'POST /api/user/resetPay': 'user',
  'GET /api/user/sessions': 'user',
  'POST /api/user/session_revoke': 'user',
  'GET /api/user/set_language': 'user',
  // catalog
  'GET /api/home': 'public',
  'GET /api/category/list': 'public',
  'GET /api/product/list': 'public',
  'GET /api/search/suggest': 'public',
  'GET /api/search/popular': 'public',
  'GET /api/product/hot': 'public',
  'GET /api/product/popular': 'public',
  'GET /api/product/detail': 'public',
  'GET /api/product/reviews': 'public',
  'GET /api/shop/hot': 'public',
  'GET /api/shop/detail': 'public',
  'GET /api/shop/search': 'public',
  'POST /api/shop/follow': 'user',
  'POST /api/shop/unfollow': 'user',
  'GET /api/user/follow_list': 'user',
  'POST /api/user/favourite_add': 'user',
  'POST /api/user/favourite_del': 'user',
  'GET /api/user/favourite_list': 'user',
  // uploads
  'POST /api/upload': 'user',
  'GET /api/upload/file/:purpose/:name': 'user',
  // wallet
  'GET /api/user/getBlockchain': 'user',
  'POST /api/user/recharge': 'user',
  'GET /api/user/recharge_log': 'user',
  'GET /api/user/extract': 'user',
  'POST /api/user/extract': 'user',
  'GET /api/user/extract_log': 'user',
  'GET /api/user/bill': 'user',
  // addresses and cart
  'GET /api/user/address_list': 'user',
  'POST /api/user/address_add': 'user',
  'GET /api/user/address': 'user',
  'POST /api/user/address_set_default': 'user',
  'GET /api/user/address_del': 'user',
  'GET /api/cart/list': 'buyer',
  'GET /api/cart/count': 'buyer',
  'POST /api/cart/add': 'buyer',
  'POST /api/cart/update': 'buyer',
  'POST /api/cart/select_all': 'buyer',
  'POST /api/cart/delete': 'buyer',
  // opening a shop, then the seller platform
  'POST /api/merchant/apply': 'user',
  'GET /api/merchant/info': 'user',
  'GET /api/merchant/dashboard': 'merchant',
  'POST /api/merchant/shop_save': 'merchant',
  'GET /api/merchant/product_list': 'merchant',
  'GET /api/merchant/product_detail': 'merchant',
  'POST /api/merchant/product_save': 'merchant',
  'POST /api/merchant/product_status': 'merchant',
  'POST /api/merchant/product_delete': 'merchant',
  'GET /api/merchant/order_list': 'merchant',
  'GET /api/merchant/order_detail': 'merchant',
  'POST /api/merchant/logistics_add': 'merchant',
  'GET /api/merchant/settlement_list': 'merchant',
  'GET /api/merchant/promo_list': 'merchant',
  'POST /api/merchant/promo_save': 'merchant',
  'GET /api/merchant/review_list': 'merchant',
  'POST /api/merchant/review_reply': 'merchant',
  'POST /api/merchant/order_ship': 'merchant',
  'GET /api/merchant/refund_list': 'merchant',
  'GET /api/merchant/refund_detail': 'merchant',
  'POST /api/merchant/refund_approve': 'merchant',
  'POST /api/merchant/refund_refuse': 'merchant',
  'POST /api/merchant/refund_receive': 'merchant',
  'GET /api/merchant/complaint_list': 'merchant',
  // orders and refunds
  'POST /api/order/preview': 'buyer',
  'POST /api/order/create': 'buyer',
  'POST /api/user/verify_pay': 'buyer',
  'GET /api/user/order_list': 'buyer',
  'GET /api/order/detail': 'buyer',
  'POST /api/order/cancel': 'buyer',
  'POST /api/order/confirm': 'buyer',
  'POST /api/order/comment': 'buyer',
  'POST /api/order/refund': 'buyer',
  'GET /api/order/refund_detail': 'buyer',
  'POST /api/order/refund_escalate': 'buyer',
  'POST /api/order/refund_return': 'buyer',
  // content, complaints, mutual aid (a shopper's feature despite its historical path)
  'GET /api/user/help_support': 'public',
  'GET /api/user/law': 'public',
  'GET /api/user/platform': 'public',
  'POST /api/merchant/complaint': 'buyer',
  'GET /api/user/complaint_list': 'buyer',
  'POST /api/merchant/assist': 'buyer',
  'POST /api/merchant/assistStatus': 'buyer',
  'POST /api/merchant/assistList': 'buyer',
  // customer service and notifications
  'GET /api/service/messages': 'buyer',
  'POST /api/service/send': 'buyer',
  'POST /api/service/read': 'buyer',
  'POST /api/service/ticket': 'user',
  'GET /api/service/stream': 'public',
  'GET /api/notification/list': 'user',
  'GET /api/notification/unread': 'user',
  'POST /api/notification/read': 'user',
};

type Outcome = 'through' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'MERCHANT_REQUIRED';
const deadRoles: ReadonlySet<Role> = new Set(['visitor', 'frozen', 'expired', 'revoked']);

/** What `role` must get from a route, or a message naming the missing row. */
function expected(route: CatalogRoute, role: Role): Outcome | { missing: string } {
  const key = permissionKey(route.method, route.url);
  if (route.url.startsWith('/api/admin/')) {
    const permission = adminPermissions[key];
    if (!permission) return { missing: `${key} has no row in plugins/admin-permissions.ts` };
    if (deadRoles.has(role)) return 'UNAUTHORIZED';
    if (role === 'support' || role === 'super') return permission.roles.includes(role) ? 'through' : 'FORBIDDEN';
    return 'FORBIDDEN';
  }
  const access = routeAccess[key];
  if (!access) {
    return {
      missing: `${key} has no row in d-authorization-matrix.rel.ts: add '${key}': 'public' | 'user' | 'buyer' | 'merchant' to routeAccess`,
    };
  }
  if (access === 'public') return 'through';
  if (deadRoles.has(role)) return 'UNAUTHORIZED';
  const isAdmin = role === 'support' || role === 'super';
  const isMerchant = role === 'merchantA' || role === 'merchantB';
  if (access === 'buyer' && isAdmin) return 'FORBIDDEN';
  if (access === 'merchant' && !isMerchant) return 'MERCHANT_REQUIRED';
  return 'through';
}

function actual(code: number | null, error: string | null): Outcome {
  if (code === 401 || error === 'UNAUTHORIZED') return 'UNAUTHORIZED';
  if (error === 'FORBIDDEN' || error === 'MERCHANT_REQUIRED') return error;
  return 'through';
}

let ctx: TestContext;
let cast: Cast;
beforeAll(async () => {
  ctx = await createTestApp({ env: apiOnlyEnv });
  cast = await createCast(ctx.app, ctx.database.db);
});
afterAll(async () => {
  await ctx?.close();
});

/** The route called with an empty request: enough for every guard to decide, too little to change anything. */
function emptyCall(route: CatalogRoute, token: string | undefined) {
  const url = route.url.replace(':purpose', 'service').replace(':name', 'missing.webp').replace(/\*$/, 'missing.webp');
  return ctx.app.inject({
    method: route.method as 'GET' | 'POST',
    url,
    headers: { lang: 'en', ...(token ? { token } : {}) },
    ...(route.method === 'POST' ? { payload: {} } : {}),
  });
}

describe('D. authorization matrix', () => {
  it('every route has a row', () => {
    const missing = ctx.app.routeCatalog
      .map((route) => roles.map((role) => expected(route, role)).find((outcome) => typeof outcome === 'object'))
      .filter((outcome): outcome is { missing: string } => outcome !== undefined)
      .map((outcome) => outcome.missing);
    expect(missing).toEqual([]);
    const served = new Set(ctx.app.routeCatalog.map((route) => permissionKey(route.method, route.url)));
    // A row for a route that no longer exists is stale: say so rather than keep it.
    expect(Object.keys(routeAccess).filter((key) => !served.has(key))).toEqual([]);
  });

  it('every route answers every caller as its row says, with the envelope and no 5xx', async () => {
    const wrong: string[] = [];
    let calls = 0;
    for (const route of ctx.app.routeCatalog) {
      await Promise.all(
        roles.map(async (role) => {
          const want = expected(route, role);
          if (typeof want === 'object') return;
          // A POST may log out; a GET reuses the role's last session.
          const res = await emptyCall(route, await cast.token(role, route.method !== 'GET'));
          calls += 1;
          const { code, error } = outcomeOf(res);
          const got = actual(code, error);
          const where = `${route.method} ${route.url} as ${role}`;
          if (got !== want) wrong.push(`${where}: expected ${want}, got ${got} (${error ?? res.statusCode})`);
          const problem = answerViolation(route, res);
          if (problem) wrong.push(`${where}: ${problem}`);
        }),
      );
    }
    recordFigures({
      part: 'D',
      scenario: `matrix ${ctx.app.routeCatalog.length} routes × ${roles.length} callers`,
      operations: calls,
      faults: 0,
      inputs: calls,
      failures: wrong.length,
    });
    expect(wrong).toEqual([]);
  });
});
