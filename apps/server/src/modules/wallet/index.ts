export { writeAuditLog } from './audit-log.ts';
export { getSettings, listChannels } from './settings.service.ts';
export { walletRoutes } from './wallet.routes.ts';
export { demoBuyerBalance, walletSeedPart } from './wallet.seed.ts';
export {
  auditRecharge,
  auditWithdrawal,
  createRecharge,
  pendingAuditCounts,
  requestWithdrawal,
} from './wallet.service.ts';
