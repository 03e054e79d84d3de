import type { ComponentType } from 'react';
import type { EmptyKind } from '../shared/ui/empty-state.tsx';

type Loader = () => Promise<{ default: ComponentType }>;

/** One row of docs/spec.md §2's route table. */
export interface ShopperRoute {
  path: string;
  /** i18n key of the page title. */
  title: string;
  /** Lazy screen; screens later issues fill use the placeholder with an empty state. */
  load: Loader;
  /** Every route is kept alive except /detail (docs/spec.md §2). */
  keepAlive: boolean;
  /**
   * All paths of the route are one kept-alive screen (its parameter is a tab inside the screen),
   * instead of one screen per path.
   */
  oneScreen?: boolean;
  /** For placeholder screens: which empty state they show. */
  empty?: EmptyKind | 'notOpen';
}

const placeholder: Loader = () => import('./screens/placeholder-screen.tsx');
const home: Loader = () => import('../features/catalog/pages/home-page.tsx');
const explore: Loader = () => import('../features/catalog/pages/explore-page.tsx');
const search: Loader = () => import('../features/catalog/pages/search-page.tsx');
const bag: Loader = () => import('../features/cart/pages/bag-page.tsx');
const checkout: Loader = () => import('../features/checkout/pages/checkout-page.tsx');
const payment: Loader = () => import('../features/checkout/pages/payment-page.tsx');
const me: Loader = () => import('../features/me/pages/me-page.tsx');
const language: Loader = () => import('../features/language/pages/language-page.tsx');
const login: Loader = () => import('../features/auth/pages/login-page.tsx');
const register: Loader = () => import('../features/auth/pages/register-page.tsx');
const forgotPassword: Loader = () => import('../features/auth/pages/forgot-password-page.tsx');
const changePassword: Loader = () => import('../features/auth/pages/change-password-page.tsx');
const changePayPwd: Loader = () => import('../features/account/pages/change-pay-pwd-page.tsx');
const profile: Loader = () => import('../features/account/pages/profile-page.tsx');
const security: Loader = () => import('../features/account/pages/security-page.tsx');
const setting: Loader = () => import('../features/account/pages/setting-page.tsx');
const detail: Loader = () => import('./screens/detail-screen.tsx');
const topUp: Loader = () => import('../features/wallet/pages/top-up-page.tsx');
const walletTopUp: Loader = () => import('../features/wallet/pages/wallet-top-up-page.tsx');
const cardTopUp: Loader = () => import('../features/wallet/pages/card-top-up-page.tsx');
const topUpRecord: Loader = () => import('../features/wallet/pages/top-up-record-page.tsx');
const depositRecord: Loader = () => import('../features/wallet/pages/deposit-record-page.tsx');
const withDraw: Loader = () => import('../features/wallet/pages/withdraw-page.tsx');
const capitalRecord: Loader = () => import('../features/wallet/pages/capital-record-page.tsx');
const popular: Loader = () => import('../features/catalog/pages/popular-page.tsx');
const products: Loader = () => import('../features/catalog/pages/products-page.tsx');
const shop: Loader = () => import('../features/catalog/pages/shop-page.tsx');
const myFavourite: Loader = () => import('../features/catalog/pages/favourite-page.tsx');
const addressList: Loader = () => import('../features/address/pages/address-list-page.tsx');
const addressForm: Loader = () => import('../features/address/pages/address-form-page.tsx');
const myPurchases: Loader = () => import('../features/orders/pages/my-purchases-page.tsx');
const orderInfo: Loader = () => import('../features/orders/pages/order-info-page.tsx');
const heart: Loader = () => import('../features/catalog/pages/heart-page.tsx');
const helpAndSupport: Loader = () => import('../features/support/pages/help-page.tsx');
const law: Loader = () => import('../features/support/pages/law-page.tsx');
const platform: Loader = () => import('./screens/platform-screen.tsx');
const mutualAid: Loader = () => import('../features/support/pages/mutual-aid-page.tsx');
const mutualAidHistory: Loader = () => import('../features/support/pages/mutual-aid-history-page.tsx');
const complaint: Loader = () => import('../features/support/pages/complaint-page.tsx');
const myComplaints: Loader = () => import('../features/support/pages/my-complaints-page.tsx');
const service: Loader = () => import('../features/service/pages/service-page.tsx');
const notification: Loader = () => import('../features/notification/pages/notification-page.tsx');
const refund: Loader = () => import('../features/refunds/pages/refund-page.tsx');
const refundInfo: Loader = () => import('../features/refunds/pages/refund-info-page.tsx');

function route(path: string, title: string, load: Loader = placeholder, empty?: ShopperRoute['empty']): ShopperRoute {
  return { path, title: `routes.${title}`, load, keepAlive: true, ...(empty ? { empty } : {}) };
}

/** `/` redirects here (docs/spec.md §2). */
export const homePath = '/home';

/** Spec §2, verbatim (a `?` marks an optional parameter); `/` is the redirect in the router. */
export const shopperRoutes: ShopperRoute[] = [
  route('/home', 'home', home),
  route('/explore', 'explore', explore),
  route('/bag', 'bag', bag),
  // Nothing links to /order (docs/spec.md §2 "order"): it shows the same list, all orders.
  route('/order', 'order', myPurchases),
  route('/orderInfo/:id?', 'orderInfo', orderInfo),
  route('/comment', 'comment', placeholder, 'notOpen'),
  route('/refund/:id?/:sn?/:product_ids?/:amount?', 'refund', refund),
  // Not in the spec's table: one refund request's detail (issue 13).
  route('/refundInfo/:id?', 'refundInfo', refundInfo),
  route('/checkout', 'checkout', checkout),
  { ...route('/myPurchases/:status?', 'myPurchases', myPurchases), oneScreen: true },
  route('/language', 'language', language),
  route('/notification', 'notification', notification),
  route('/profile', 'profile', profile),
  route('/forgotPassword', 'forgotPassword', forgotPassword),
  route('/changePassword', 'changePassword', changePassword),
  route('/changePayPwd', 'changePayPwd', changePayPwd),
  route('/passwords', 'passwords', changePassword),
  route('/helpAndSupport', 'helpAndSupport', helpAndSupport),
  route('/withDraw', 'withDraw', withDraw),
  route('/depositRecord', 'depositRecord', depositRecord),
  route('/topUp', 'topUp', topUp),
  route('/walletTopUp', 'walletTopUp', walletTopUp),
  route('/cardTopUp', 'cardTopUp', cardTopUp),
  route('/topUpRecord', 'topUpRecord', topUpRecord),
  route('/capitalRecord', 'capitalRecord', capitalRecord),
  route('/myFavourite', 'myFavourite', myFavourite),
  route('/payment', 'payment', payment),
  route('/security', 'security', security),
  route('/heart', 'heart', heart),
  route('/filter', 'filter', me),
  route('/setting', 'setting', setting),
  route('/search', 'search', search),
  route('/searchs', 'search', search),
  route('/popular', 'popular', popular),
  { ...route('/detail/:product?/:mer?', 'detail', detail), keepAlive: false },
  route('/login', 'login', login),
  route('/register', 'register', register),
  route('/platform', 'platform', platform),
  route('/law', 'law', law),
  route('/address', 'address', addressList),
  route('/addressForm/:id?', 'addressForm', addressForm),
  route('/shop/:id?', 'shop', shop),
  route('/products', 'products', products),
  route('/service', 'service', service),
  route('/services', 'service', service),
  route('/mutualAid', 'mutualAid', mutualAid),
  route('/mutualAidhHistroy', 'mutualAidhHistroy', mutualAidHistory),
  // Not in the spec's table: the complaint form it labels, and the replies to one's complaints.
  route('/complaint', 'complaint', complaint),
  route('/myComplaints', 'myComplaints', myComplaints),
];
