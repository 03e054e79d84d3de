import { z } from 'zod';
import { pageOf, pageQuerySchema, rowIdSchema } from './envelope.ts';

/** Audit results of docs/spec.md §4: 0 auditing, 1 passed, 2 refused. */
export const auditStatuses = [0, 1, 2] as const;
export const auditStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type AuditStatus = z.infer<typeof auditStatusSchema>;

/** The list filter: `all` or one status (query strings carry them as text). */
export const auditFilterSchema = z.enum(['all', '0', '1', '2']).default('all');
export type AuditFilter = z.output<typeof auditFilterSchema>;

export const walletLimits = {
  /** Largest amount one request may name, in minor units (keeps sums far from 2^53). */
  maxAmount: 1_000_000_000_000,
  addressMaxLength: 128,
  txHashMaxLength: 128,
  bankCardMaxLength: 34,
  nameMaxLength: 100,
  reasonMaxLength: 300,
} as const;

/**
 * Networks whose deposits the platform refuses (docs/spec.md §5: "DEX, BSC and HECO deposits are not
 * supported"), matched without regard to case inside the network name.
 */
export const unsupportedNetworkPattern = /\b(dex|bsc|heco|bep-?20|hrc-?20)\b/i;

/** Validation messages of docs/spec.md §5 and §8 for the wallet; keys in the server catalogues and web locales. */
export const walletValidationKeys = [
  'validation.amount_invalid',
  'validation.recharge_address_required',
  'validation.network_required',
  'validation.evidence_required',
  'validation.network_unsupported',
  'validation.withdraw_amount_invalid',
  'validation.bank_card_required',
  'validation.bank_name_required',
  'validation.holder_required',
  'validation.withdraw_address_required',
  'validation.pay_code_required',
  'validation.reason_required',
] as const;

const amountSchema = z
  .number({ error: 'validation.amount_invalid' })
  .int({ error: 'validation.amount_invalid' })
  .positive({ error: 'validation.amount_invalid' })
  .max(walletLimits.maxAmount, { error: 'validation.amount_invalid' });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const rechargeMethods = ['bank', 'manual', 'chain'] as const;
export const rechargeMethodSchema = z.enum(rechargeMethods, { error: 'validation.invalid_option' });
export type RechargeMethod = z.infer<typeof rechargeMethodSchema>;

/** `POST /api/user/recharge` (docs/product-rules.md §4, docs/spec.md §5). */
export const rechargeRequestSchema = z
  .object({
    method: rechargeMethodSchema,
    network: optionalText(40),
    coin: optionalText(20),
    address: optionalText(walletLimits.addressMaxLength),
    amount: amountSchema,
    image: optionalText(300),
    tx_hash: optionalText(walletLimits.txHashMaxLength),
  })
  .superRefine((value, ctx) => {
    if (value.method === 'chain') {
      if (!value.network || !value.coin) {
        ctx.addIssue({ code: 'custom', path: ['network'], message: 'validation.network_required' });
      } else if (unsupportedNetworkPattern.test(value.network)) {
        ctx.addIssue({ code: 'custom', path: ['network'], message: 'validation.network_unsupported' });
      }
      if (!value.address) {
        ctx.addIssue({ code: 'custom', path: ['address'], message: 'validation.recharge_address_required' });
      }
    }
    if (value.method !== 'manual' && !value.image) {
      ctx.addIssue({ code: 'custom', path: ['image'], message: 'validation.evidence_required' });
    }
  });
export type RechargeRequest = z.infer<typeof rechargeRequestSchema>;
export type RechargeInput = z.input<typeof rechargeRequestSchema>;

export const rechargeSchema = z.object({
  id: z.number().int(),
  method: rechargeMethodSchema,
  network: z.string().nullable(),
  coin: z.string().nullable(),
  address: z.string().nullable(),
  amount: z.number().int(),
  actual_amount: z.number().int().nullable(),
  image: z.string().nullable(),
  tx_hash: z.string().nullable(),
  status: auditStatusSchema,
  reason: z.string().nullable(),
  created_at: z.string(),
  audited_at: z.string().nullable(),
});
export type Recharge = z.infer<typeof rechargeSchema>;

export const auditLogQuerySchema = pageQuerySchema.extend({ status: auditFilterSchema });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
export const rechargePageSchema = pageOf(rechargeSchema);

/** One deposit channel: the platform's bank account, or an address on a network for a coin. */
export const depositChannelKinds = ['bank', 'chain'] as const;
export const depositChannelSchema = z.object({
  id: z.number().int(),
  kind: z.enum(depositChannelKinds),
  network: z.string().nullable(),
  coin: z.string().nullable(),
  address: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  branch: z.string().nullable(),
  is_enabled: z.boolean(),
  sort_order: z.number().int(),
});
export type DepositChannel = z.infer<typeof depositChannelSchema>;

/** `GET /api/user/getBlockchain`: enabled channels, networks with their coins and addresses. */
export const blockchainSchema = z.object({
  networks: z.array(
    z.object({
      network: z.string(),
      coins: z.array(z.object({ coin: z.string(), address: z.string(), channel_id: z.number().int() })),
    }),
  ),
  banks: z.array(depositChannelSchema),
});
export type Blockchain = z.infer<typeof blockchainSchema>;

/** `GET /api/user/extract`. */
export const extractInfoSchema = z.object({
  balance: z.number().int(),
  /** Service charge in basis points (100 = 1 %). */
  fee_rate_bp: z.number().int(),
  min_amount: z.number().int(),
  min_fee: z.number().int(),
});
export type ExtractInfo = z.infer<typeof extractInfoSchema>;

export const withdrawalTypes = ['bank', 'chain'] as const;
export const withdrawalTypeSchema = z.enum(withdrawalTypes, { error: 'validation.invalid_option' });

/** `POST /api/user/extract` (docs/product-rules.md §4, §9). */
export const extractRequestSchema = z
  .object({
    type: withdrawalTypeSchema,
    amount: z
      .number({ error: 'validation.withdraw_amount_invalid' })
      .int({ error: 'validation.withdraw_amount_invalid' })
      .positive({ error: 'validation.withdraw_amount_invalid' })
      .max(walletLimits.maxAmount, { error: 'validation.withdraw_amount_invalid' }),
    bank_card: optionalText(walletLimits.bankCardMaxLength),
    bank_name: optionalText(walletLimits.nameMaxLength),
    holder: optionalText(walletLimits.nameMaxLength),
    network: optionalText(40),
    address: optionalText(walletLimits.addressMaxLength),
    paypwd: z
      .string({ error: 'validation.pay_code_required' })
      .min(1, { error: 'validation.pay_code_required' })
      .max(32),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'bank') {
      if (!value.bank_card)
        ctx.addIssue({ code: 'custom', path: ['bank_card'], message: 'validation.bank_card_required' });
      if (!value.bank_name)
        ctx.addIssue({ code: 'custom', path: ['bank_name'], message: 'validation.bank_name_required' });
      if (!value.holder) ctx.addIssue({ code: 'custom', path: ['holder'], message: 'validation.holder_required' });
    } else {
      if (!value.network) ctx.addIssue({ code: 'custom', path: ['network'], message: 'validation.network_required' });
      else if (unsupportedNetworkPattern.test(value.network)) {
        ctx.addIssue({ code: 'custom', path: ['network'], message: 'validation.network_unsupported' });
      }
      if (!value.address) {
        ctx.addIssue({ code: 'custom', path: ['address'], message: 'validation.withdraw_address_required' });
      }
    }
  });
export type ExtractRequest = z.infer<typeof extractRequestSchema>;
export type ExtractInput = z.input<typeof extractRequestSchema>;

export const withdrawalSchema = z.object({
  id: z.number().int(),
  type: withdrawalTypeSchema,
  amount: z.number().int(),
  fee: z.number().int(),
  actual_amount: z.number().int(),
  bank_card: z.string().nullable(),
  bank_name: z.string().nullable(),
  holder: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  status: auditStatusSchema,
  reason: z.string().nullable(),
  created_at: z.string(),
  audited_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalPageSchema = pageOf(withdrawalSchema);

/** The service charge of a withdrawal (docs/product-rules.md §2): the rate, at least 1 minor unit. */
export function withdrawalFee(amount: number, feeRateBp: number): number {
  if (feeRateBp <= 0 || amount <= 0) return 0;
  return Math.max(1, Math.floor((amount * feeRateBp) / 10_000));
}

// ---- admin ----

export const adminAuditListQuerySchema = pageQuerySchema.extend({ status: auditFilterSchema });
export const adminRechargeSchema = rechargeSchema.extend({
  user_id: z.number().int(),
  account: z.string(),
  /** The evidence picture's bytes (SHA-256) are also the evidence of another recharge: check before passing. */
  evidence_reused: z.boolean(),
  /** Four eyes: the first super admin's pass of a large recharge, waiting for a second. */
  first_approved_by: z.number().int().nullable(),
  first_actual_amount: z.number().int().nullable(),
});
export const adminRechargePageSchema = pageOf(adminRechargeSchema);
export const adminWithdrawalSchema = withdrawalSchema.extend({ user_id: z.number().int(), account: z.string() });
export const adminWithdrawalPageSchema = pageOf(adminWithdrawalSchema);
export type AdminRecharge = z.infer<typeof adminRechargeSchema>;
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

/** `POST /api/admin/recharge_audit`. */
export const rechargeAuditRequestSchema = z
  .object({
    id: rowIdSchema,
    status: z.union([z.literal(1), z.literal(2)], { error: 'validation.invalid_option' }),
    actual_amount: amountSchema.optional(),
    reason: optionalText(walletLimits.reasonMaxLength),
  })
  .superRefine((value, ctx) => {
    if (value.status === 1 && value.actual_amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['actual_amount'], message: 'validation.amount_invalid' });
    }
    if (value.status === 2 && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reason_required' });
    }
  });
export type RechargeAuditRequest = z.infer<typeof rechargeAuditRequestSchema>;
export type RechargeAuditInput = z.input<typeof rechargeAuditRequestSchema>;

/** `POST /api/admin/extract_audit`. */
export const extractAuditRequestSchema = z
  .object({
    id: rowIdSchema,
    status: z.union([z.literal(1), z.literal(2)], { error: 'validation.invalid_option' }),
    reason: optionalText(walletLimits.reasonMaxLength),
  })
  .superRefine((value, ctx) => {
    if (value.status === 2 && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reason_required' });
    }
  });
export type ExtractAuditRequest = z.infer<typeof extractAuditRequestSchema>;
export type ExtractAuditInput = z.input<typeof extractAuditRequestSchema>;

/** Platform settings of docs/product-rules.md §2 (admin-editable). Rates in basis points. */
export const platformSettingsSchema = z.object({
  commission_rate_bp: z.number().int().min(0).max(10_000),
  withdrawal_fee_bp: z.number().int().min(0).max(10_000),
  min_withdrawal: z.number().int().min(1).max(walletLimits.maxAmount),
  /** Order timers of docs/product-rules.md §3. */
  order_unpaid_minutes: z.number().int().min(1).max(1440),
  order_auto_receive_days: z.number().int().min(1).max(60),
  order_after_sale_days: z.number().int().min(0).max(60),
  /** Unpaid orders one buyer may hold at once (stock hoarding). */
  max_unpaid_orders: z.number().int().min(1).max(100).default(5),
  /** Refund timers (docs/product-rules.md §3 "Refunds"): the merchant's answer (and the return's arrival), the escalation window, the return's shipping. */
  refund_response_days: z.number().int().min(1).max(60).default(3),
  refund_escalate_days: z.number().int().min(1).max(60).default(7),
  refund_return_days: z.number().int().min(1).max(60).default(7),
  /** Recharges credited above this (minor units) need a second super admin (four eyes). */
  four_eyes_threshold: z.number().int().min(1).max(walletLimits.maxAmount).default(100_000),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;
export const defaultPlatformSettings: PlatformSettings = {
  commission_rate_bp: 500,
  withdrawal_fee_bp: 100,
  min_withdrawal: 1000,
  order_unpaid_minutes: 30,
  order_auto_receive_days: 10,
  order_after_sale_days: 7,
  max_unpaid_orders: 5,
  refund_response_days: 3,
  refund_escalate_days: 7,
  refund_return_days: 7,
  // ¥100,000: JPY has no minor unit (ISO 4217 exponent 0, docs/product-rules.md §2).
  four_eyes_threshold: 100_000,
};

export const channelSaveRequestSchema = z
  .object({
    id: rowIdSchema.optional(),
    kind: z.enum(depositChannelKinds),
    network: optionalText(40),
    coin: optionalText(20),
    address: optionalText(walletLimits.addressMaxLength),
    bank_name: optionalText(walletLimits.nameMaxLength),
    account_name: optionalText(walletLimits.nameMaxLength),
    account_number: optionalText(walletLimits.bankCardMaxLength),
    branch: optionalText(walletLimits.nameMaxLength),
    is_enabled: z.boolean().default(true),
    sort_order: z.number().int().min(0).max(10_000).default(0),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'chain') {
      if (!value.network) ctx.addIssue({ code: 'custom', path: ['network'], message: 'validation.network_required' });
      else if (unsupportedNetworkPattern.test(value.network)) {
        ctx.addIssue({ code: 'custom', path: ['network'], message: 'validation.network_unsupported' });
      }
      if (!value.coin) ctx.addIssue({ code: 'custom', path: ['coin'], message: 'validation.required' });
      if (!value.address) ctx.addIssue({ code: 'custom', path: ['address'], message: 'validation.required' });
    } else {
      if (!value.bank_name)
        ctx.addIssue({ code: 'custom', path: ['bank_name'], message: 'validation.bank_name_required' });
      if (!value.account_name) ctx.addIssue({ code: 'custom', path: ['account_name'], message: 'validation.required' });
      if (!value.account_number) {
        ctx.addIssue({ code: 'custom', path: ['account_number'], message: 'validation.required' });
      }
    }
  });
export type ChannelSaveRequest = z.infer<typeof channelSaveRequestSchema>;
export type ChannelSaveInput = z.input<typeof channelSaveRequestSchema>;
export const channelListSchema = z.object({ list: z.array(depositChannelSchema) });

// ---- uploads (docs/product-rules.md §7) ----

export const uploadPurposes = ['avatar', 'review', 'product', 'shop', 'evidence', 'refund', 'service'] as const;
export const uploadPurposeSchema = z.enum(uploadPurposes, { error: 'validation.invalid_option' });
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;
/** Proofs of payment and refund, and service chat pictures: readable only by their owner, admins (and, for service pictures, the conversation's user). */
export const privateUploadPurposes: readonly UploadPurpose[] = ['evidence', 'refund', 'service'];
export const uploadLimits = {
  maxBytes: 5 * 1024 * 1024,
  /** A decoded image may hold at most this many pixels (a "pixel bomb" is refused before decoding). */
  maxPixels: 40_000_000,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
export const uploadResultSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type UploadResult = z.infer<typeof uploadResultSchema>;
