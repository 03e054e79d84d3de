export { ledgerTransactionsByReference, listLedgerAccounts, listLedgerTransactions } from './explorer.service.ts';
export {
  accountCode,
  ensurePlatformAccounts,
  getPlatformBalances,
  getUserBalance,
  type LedgerAccountRef,
  listUserEntries,
  type PlatformAccount,
  type PostedTransaction,
  type PostingInput,
  type PostingLeg,
  platformAccounts,
  postTransaction,
  verifyLedger,
} from './ledger.service.ts';
