export { countPendingAudits } from './queue-counts.service.ts';
export { getSettings, listChannels, settingsChanged } from './settings.service.ts';
export { walletRoutes } from './wallet.routes.ts';
export { demoBuyerBalance, walletSeedPart } from './wallet.seed.ts';
export {
  auditRecharge,
  auditWithdrawal,
  createRecharge,
  pendingAuditCounts,
  requestWithdrawal,
} from './wallet.service.ts';
