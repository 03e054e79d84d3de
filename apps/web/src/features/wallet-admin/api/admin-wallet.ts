import type {
  AdminRecharge,
  AdminWithdrawal,
  ChannelSaveInput,
  DepositChannel,
  ExtractAuditInput,
  LedgerReport,
  Page,
  PlatformSettings,
  Recharge,
  RechargeAuditInput,
  Withdrawal,
} from '@crossmart/contract';
import { api } from '../../../shared/api/index.ts';

export const listRecharges = (status: string, page: number) =>
  api.get<Page<AdminRecharge>>('/api/admin/recharge_list', { status, page, limit: 20 });
export const auditRecharge = (body: RechargeAuditInput) => api.post<Recharge>('/api/admin/recharge_audit', body);
export const listWithdrawals = (status: string, page: number) =>
  api.get<Page<AdminWithdrawal>>('/api/admin/extract_list', { status, page, limit: 20 });
export const auditWithdrawal = (body: ExtractAuditInput) => api.post<Withdrawal>('/api/admin/extract_audit', body);
export const listChannels = () => api.get<{ list: DepositChannel[] }>('/api/admin/channel_list');
export const saveChannel = (body: ChannelSaveInput) => api.post<DepositChannel>('/api/admin/channel_save', body);
export const getSettings = () => api.get<PlatformSettings>('/api/admin/settings');
export const saveSettings = (body: PlatformSettings) => api.post<PlatformSettings>('/api/admin/settings_save', body);
export const verifyLedger = () => api.get<LedgerReport>('/api/admin/ledger_verify');
