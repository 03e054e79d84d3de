import type {
  AdminLedgerAccount,
  AdminLedgerAccountInput,
  AdminLedgerTransaction,
  AdminLedgerTransactionInput,
  AdminMailRow,
  AdminMe,
  AdminOrderDetail,
  AdminOrderListInput,
  AdminOrderRow,
  AdminProductListInput,
  AdminProductRow,
  AdminShopListInput,
  AdminShopRow,
  AdminUserDetail,
  AdminUserListInput,
  AdminUserRow,
  AuditLogListInput,
  AuditLogRow,
  Dashboard,
  MailOutboxInput,
  Page,
  PromoSaveInput,
  SellerPromo,
} from '@crossmart/contract';
import { api } from '../../shared/api/index.ts';

/** The admin console's own calls (issue 14); every answer's shape is the contract's. */
export type LedgerAccountRow = AdminLedgerAccount;
export type LedgerTransactionRow = AdminLedgerTransaction;
export type MailRow = AdminMailRow;

type Query = Record<string, unknown>;
const get = <T>(url: string, query?: Query) => api.get<T>(url, query);

export const fetchMe = () => get<AdminMe>('/api/admin/me');
export const fetchDashboard = () => get<Dashboard>('/api/admin/dashboard');
export const listUsers = (query: AdminUserListInput) => get<Page<AdminUserRow>>('/api/admin/user_list', query);
export const fetchUser = (id: number) => get<AdminUserDetail>('/api/admin/user_detail', { id });
export const freezeUser = (body: { id: number; reason: string }) => api.post('/api/admin/user_freeze', body);
export const unfreezeUser = (body: { id: number; reason?: string }) => api.post('/api/admin/user_unfreeze', body);
export const clearLockout = (body: { id: number; kind: 'login' | 'pay' }) =>
  api.post('/api/admin/user_clear_lockout', body);
export const listShops = (query: AdminShopListInput) => get<Page<AdminShopRow>>('/api/admin/shop_list', query);
export const suspendShop = (body: { id: number; reason: string }) => api.post('/api/admin/shop_suspend', body);
export const restoreShop = (body: { id: number; reason?: string }) => api.post('/api/admin/shop_restore', body);
export const listProducts = (query: AdminProductListInput) =>
  get<Page<AdminProductRow>>('/api/admin/product_list', query);
export const takeDownProduct = (body: { id: number; reason: string }) => api.post('/api/admin/product_take_down', body);
export const restoreProduct = (body: { id: number; reason?: string }) => api.post('/api/admin/product_restore', body);
export const listOrders = (query: AdminOrderListInput) => get<Page<AdminOrderRow>>('/api/admin/order_list', query);
export const fetchOrder = (id: number) => get<AdminOrderDetail>('/api/admin/order_detail', { id });
export const listPromos = (query: { page: number; limit: number }) =>
  get<Page<SellerPromo>>('/api/admin/promo_list', query);
export const savePromo = (body: PromoSaveInput) => api.post('/api/admin/promo_save', body);
export const listLedgerAccounts = (query: AdminLedgerAccountInput) =>
  get<Page<LedgerAccountRow>>('/api/admin/ledger_accounts', query);
export const listLedgerTransactions = (query: AdminLedgerTransactionInput) =>
  get<Page<LedgerTransactionRow>>('/api/admin/ledger_transactions', query);
export const listAuditLog = (query: AuditLogListInput) => get<Page<AuditLogRow>>('/api/admin/audit_log', query);
export const listOutbox = (query: MailOutboxInput) => get<Page<MailRow>>('/api/admin/mail_outbox', query);
