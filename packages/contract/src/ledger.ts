import { z } from 'zod';
import { pageOf, pageQuerySchema } from './envelope.ts';

/** Business events that move money (docs/product-rules.md §2); each posts exactly one ledger transaction. */
export const ledgerKinds = [
  'recharge',
  'withdrawal_request',
  'withdrawal_paid',
  'withdrawal_refused',
  'order_payment',
  'order_cancel_refund',
  'order_refund',
  'order_settlement',
] as const;
export const ledgerKindSchema = z.enum(ledgerKinds);
export type LedgerKind = z.infer<typeof ledgerKindSchema>;

/** `GET /api/user/bill`: the user's own entries, newest first. */
export const billQuerySchema = pageQuerySchema.extend({ kind: ledgerKindSchema.optional() });
export type BillQuery = z.infer<typeof billQuerySchema>;

export const billEntrySchema = z.object({
  id: z.number().int(),
  kind: ledgerKindSchema,
  /** Signed minor units: positive money in, negative money out. */
  amount: z.number().int(),
  balance_after: z.number().int(),
  reference: z.string(),
  created_at: z.string(),
});
export type BillEntry = z.infer<typeof billEntrySchema>;
export const billPageSchema = pageOf(billEntrySchema);

/** `ledger:verify` and `GET /api/admin/ledger_verify`. */
export const ledgerReportSchema = z.object({
  ok: z.boolean(),
  transactions: z.number().int(),
  entries: z.number().int(),
  unbalanced_transactions: z.number().int(),
  mismatched_balances: z.number().int(),
  negative_user_balances: z.number().int(),
  total_user_balances: z.number().int(),
});
export type LedgerReport = z.infer<typeof ledgerReportSchema>;
