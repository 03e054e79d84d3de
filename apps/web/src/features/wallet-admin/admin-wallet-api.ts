import type { DepositChannel, LedgerReport, PlatformSettings, Recharge, Withdrawal } from '@crossmart/contract';
import { api } from '../../shared/api/index.ts';

export type AdminRecharge = Recharge & { user_id: number; account: string };
export type AdminWithdrawal = Withdrawal & { user_id: number; account: string };
interface Page<T> {
  list: T[];
  page: number;
  limit: number;
  has_more: boolean;
  total?: number;
}

export const listRecharges = (status: string, page: number) =>
  api.get<Page<AdminRecharge>>('/api/admin/recharge_list', { status, page, limit: 20 });
export const auditRecharge = (body: { id: number; status: 1 | 2; actual_amount?: number; reason?: string }) =>
  api.post<Recharge>('/api/admin/recharge_audit', body);
export const listWithdrawals = (status: string, page: number) =>
  api.get<Page<AdminWithdrawal>>('/api/admin/extract_list', { status, page, limit: 20 });
export const auditWithdrawal = (body: { id: number; status: 1 | 2; reason?: string }) =>
  api.post<Withdrawal>('/api/admin/extract_audit', body);
export const listChannels = () => api.get<{ list: DepositChannel[] }>('/api/admin/channel_list');
export const saveChannel = (body: Partial<DepositChannel> & { kind: 'bank' | 'chain' }) =>
  api.post<DepositChannel>('/api/admin/channel_save', body);
export const getSettings = () => api.get<PlatformSettings>('/api/admin/settings');
export const saveSettings = (body: PlatformSettings) => api.post<PlatformSettings>('/api/admin/settings_save', body);
export const verifyLedger = () => api.get<LedgerReport>('/api/admin/ledger_verify');
