import { z } from 'zod';
import { rowIdSchema } from './envelope.ts';
import { languageFileSchema } from './languages.ts';

/** Account roles (docs/product-rules.md §1). A merchant is a buyer too. */
export const userRoles = ['buyer', 'merchant', 'admin'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userStatuses = ['active', 'disabled'] as const;
export type UserStatus = (typeof userStatuses)[number];

/** Limits of docs/spec.md §5 and §9 and of issue 4 (lockouts, session lifetime, reset codes). */
export const accountLimits = {
  accountMinLength: 3,
  accountMaxLength: 32,
  passwordMinLength: 6,
  /** Bounds the hashing work one request can ask for. */
  passwordMaxLength: 128,
  payPasswordMinLength: 6,
  payPasswordMaxLength: 32,
  nameMaxLength: 50,
  emailMaxLength: 254,
  avatarMaxLength: 500,
  loginMaxFailures: 10,
  loginLockMinutes: 15,
  payMaxFailures: 5,
  payLockMinutes: 30,
  sessionDays: 3,
  resetCodeDigits: 6,
  resetCodeMinutes: 10,
  resetCodeMaxAttempts: 5,
} as const;

/**
 * The validation messages of docs/spec.md §5 and §8 used by the schemas below. Each is a key in the
 * server catalogues (and the web locales), so server and client say the same words.
 */
export const accountValidationKeys = [
  'validation.account_password_required',
  'validation.account_format',
  'validation.password_min',
  'validation.pay_password_format',
  'validation.password_mismatch',
  'validation.password_same',
  'validation.pay_password_same',
  'validation.email_invalid',
  'validation.mobile_invalid',
  'validation.code_format',
  'validation.old_password_required',
  'validation.old_pay_password_required',
  'validation.login_password_required',
  'validation.avatar_invalid',
  'validation.password_demo',
  'validation.current_password_required',
] as const;
export type AccountValidationKey = (typeof accountValidationKeys)[number];

const L = accountLimits;

export const accountFieldSchema = z
  .string()
  .trim()
  .min(L.accountMinLength, { error: 'validation.account_format' })
  .max(L.accountMaxLength, { error: 'validation.account_format' })
  .regex(/^[A-Za-z0-9_.@-]+$/, { error: 'validation.account_format' });

export const passwordFieldSchema = z
  .string()
  .min(L.passwordMinLength, { error: 'validation.password_min' })
  .max(L.passwordMaxLength);

/** Payment code: digits only, at least 6 (docs/spec.md §5). */
export const payPasswordFieldSchema = z
  .string()
  .regex(new RegExp(`^\\d{${L.payPasswordMinLength},${L.payPasswordMaxLength}}$`), {
    error: 'validation.pay_password_format',
  });

/** Stored lower-cased, so that uniqueness and look-ups ignore case. */
export const emailFieldSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(L.emailMaxLength, { error: 'validation.email_invalid' })
  .pipe(z.email({ error: 'validation.email_invalid' }));

/** Spaces, dashes and brackets are dropped; what remains is an optional + and 6 to 15 digits (E.164 length). */
export const mobileFieldSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{6,15}$/, { error: 'validation.mobile_invalid' }));

export const personNameFieldSchema = z.string().trim().min(1).max(L.nameMaxLength);

/** An uploaded image (`/uploads/…`, see `POST /api/upload`), an https URL, or empty to clear. */
export const avatarFieldSchema = z
  .string()
  .trim()
  .max(L.avatarMaxLength)
  .regex(/^(\/uploads\/(?!.*\.\.)[\w./-]+|https:\/\/[^\s"'<>]+)?$/, { error: 'validation.avatar_invalid' });

export const resetCodeFieldSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${L.resetCodeDigits}}$`), { error: 'validation.code_format' });

const requiredLogin = 'validation.account_password_required';

/** `POST /api/user/login`. */
export const loginRequestSchema = z.object({
  account: z.string({ error: requiredLogin }).trim().min(1, { error: requiredLogin }).max(L.emailMaxLength),
  password: z.string({ error: requiredLogin }).min(1, { error: requiredLogin }).max(L.passwordMaxLength),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginInput = z.input<typeof loginRequestSchema>;

/** `POST /api/user/register`: the user is logged in at once. */
export const registerRequestSchema = z
  .object({
    account: accountFieldSchema,
    password: passwordFieldSchema,
    repassword: z.string().max(L.passwordMaxLength),
    family_name: personNameFieldSchema,
    given_name: personNameFieldSchema,
    email: emailFieldSchema,
    mobile: mobileFieldSchema,
  })
  .refine((value) => value.password === value.repassword, {
    path: ['repassword'],
    error: 'validation.password_mismatch',
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The user as `getUserInfo`, `profile`, `login` and `register` return it. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  family_name: z.string(),
  given_name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  avatar: z.string(),
  language: languageFileSchema,
  role: userRoleSchema,
  /** Wallet balance in minor units; the wallet module fills it (0 until then). */
  balance: z.number().int(),
  has_pay_password: z.boolean(),
  /** The merchant's shop; null for buyers and admins. */
  shop_id: z.number().int().nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const sessionUserInfoSchema = userInfoSchema.extend({
  /** Send it back in the `token` header. */
  token: z.string(),
  /** When the session ends unless it is used (each use renews it for 3 days). */
  expires_at: z.string(),
});

/** Answer of login and register: `data.userinfo.token` (docs/spec.md §3). */
export const loginResponseSchema = z.object({ userinfo: sessionUserInfoSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * `POST /api/user/profile`: only the fields sent are changed. A new email or mobile needs the
 * current login `password` (a stolen token must not become a password reset); the old address is
 * told of the change.
 */
export const profileRequestSchema = z.object({
  family_name: personNameFieldSchema.optional(),
  given_name: personNameFieldSchema.optional(),
  email: emailFieldSchema.optional(),
  mobile: mobileFieldSchema.optional(),
  avatar: avatarFieldSchema.optional(),
  password: z.string().max(L.passwordMaxLength).optional(),
});
export type ProfileRequest = z.infer<typeof profileRequestSchema>;

/**
 * `POST /api/user/resetpwd`: change (logged in, with `oldpassword`) or reset (with `account` and
 * the mailed `code`). Every session of the user ends either way.
 */
export const resetPasswordRequestSchema = z
  .object({
    oldpassword: z.string().max(L.passwordMaxLength).optional(),
    account: z.string().trim().max(L.emailMaxLength).optional(),
    code: resetCodeFieldSchema.optional(),
    newpassword: passwordFieldSchema,
    renewpassword: z.string().max(L.passwordMaxLength),
  })
  .superRefine((value, ctx) => {
    if (value.newpassword !== value.renewpassword) {
      ctx.addIssue({ code: 'custom', path: ['renewpassword'], message: 'validation.password_mismatch' });
    }
    const isReset = value.code !== undefined || (value.account !== undefined && value.account !== '');
    if (isReset) {
      if (!value.account) ctx.addIssue({ code: 'custom', path: ['account'], message: 'validation.required' });
      if (value.code === undefined) ctx.addIssue({ code: 'custom', path: ['code'], message: 'validation.code_format' });
      return;
    }
    if (!value.oldpassword) {
      ctx.addIssue({ code: 'custom', path: ['oldpassword'], message: 'validation.old_password_required' });
    } else if (value.oldpassword === value.newpassword) {
      ctx.addIssue({ code: 'custom', path: ['newpassword'], message: 'validation.password_same' });
    }
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** `POST /api/user/forgot_code`: mails a reset code; the answer never says whether the account exists. */
export const forgotCodeRequestSchema = z.object({
  account: z.string().trim().min(1).max(L.emailMaxLength),
});
export type ForgotCodeRequest = z.infer<typeof forgotCodeRequestSchema>;

export const forgotCodeResponseSchema = z.object({
  /** Minutes the code stays valid. */
  expires_in_minutes: z.number().int(),
});

/**
 * `POST /api/user/resetPay`: the first time with the login `password`, afterwards with the old
 * payment code `oldpaypwd` (docs/spec.md §5).
 */
export const resetPayRequestSchema = z
  .object({
    paypwd: payPasswordFieldSchema,
    repaypwd: z.string().max(L.payPasswordMaxLength),
    oldpaypwd: z.string().max(L.payPasswordMaxLength).optional(),
    password: z.string().max(L.passwordMaxLength).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.paypwd !== value.repaypwd) {
      ctx.addIssue({ code: 'custom', path: ['repaypwd'], message: 'validation.password_mismatch' });
    }
    if (value.oldpaypwd && value.oldpaypwd === value.paypwd) {
      ctx.addIssue({ code: 'custom', path: ['paypwd'], message: 'validation.pay_password_same' });
    }
  });
export type ResetPayRequest = z.infer<typeof resetPayRequestSchema>;

/** `GET /api/user/set_language?file_name=`. */
export const setLanguageQuerySchema = z.object({ file_name: languageFileSchema });
export const setLanguageResponseSchema = z.object({ language: languageFileSchema });

/** `POST /api/user/logout?lang=zh-cn` (the spec's client adds `lang`; the header decides the message language). */
export const logoutQuerySchema = z.object({ lang: z.string().max(16).optional() });

/** One of the user's open sessions (`GET /api/user/sessions`); the token itself is never shown again. */
export const sessionInfoSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.object({ list: z.array(sessionInfoSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** `POST /api/user/session_revoke`: one session by `id`, or every session but this one (`others`). */
export const sessionRevokeRequestSchema = z
  .object({
    id: rowIdSchema.optional(),
    others: z.literal(true).optional(),
  })
  .refine((value) => (value.id === undefined) !== (value.others === undefined), {
    path: ['id'],
    error: 'validation.required',
  });
export type SessionRevokeRequest = z.infer<typeof sessionRevokeRequestSchema>;
export const sessionRevokeResultSchema = z.object({ revoked: z.number().int() });
