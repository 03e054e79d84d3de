import {
  type AdminRole,
  accountLimits,
  type ErrorKey,
  type LanguageFile,
  type LoginResponse,
  languageFileSchema,
  type ProfileRequest,
  type RegisterRequest,
  type UserInfo,
  type UserRole,
  userRoleSchema,
} from '@crossmart/contract';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { deleteInBatches, purgeBatchSize } from '../../db/batch-delete.ts';
import type { Database } from '../../db/client.ts';
import { driverError } from '../../db/pg-errors.ts';
import { passwordResetCodes, users } from '../../db/schema/accounts.ts';
import { AppError } from '../../errors.ts';
import { translate } from '../../i18n/translate.ts';
import { attachUploads } from '../uploads/index.ts';
import { attemptWithLockout, claimAttempt, claimNothing, lock, minutesFrom, resetFailures } from './lockout.service.ts';
import { deliverPendingMail, enqueueMail, type MailTransport } from './mail.service.ts';
import {
  type HashingOptions,
  hashSecret,
  isDemoPassword,
  newNumericCode,
  verifyAgainstDummy,
  verifySecret,
} from './passwords.ts';
import { hashPayCode, type PayCodeKeys } from './pay-code-keys.ts';
import {
  createSession,
  isKnownSource,
  revokeAllSessions,
  revokeSession,
  type SessionContext,
  sessionsChanged,
} from './sessions.service.ts';
import { sourceKeyOf } from './source-key.ts';
import { clearThrottle, hitThrottle, releaseThrottle } from './throttle.service.ts';

/**
 * Fills the parts of the user info other modules own (the wallet's balance, the merchant's
 * shop). Wired in app.ts, so that accounts never imports those modules.
 */
export type UserInfoProvider = (
  db: Database,
  userId: number,
) => Promise<Partial<Pick<UserInfo, 'balance' | 'shop_id'>>>;

type UserRow = typeof users.$inferSelect;

const uniqueErrors: Record<string, { key: ErrorKey; field: string }> = {
  users_account_key: { key: 'ACCOUNT_TAKEN', field: 'account' },
  users_email_key: { key: 'EMAIL_TAKEN', field: 'email' },
  users_mobile_key: { key: 'MOBILE_TAKEN', field: 'mobile' },
};

/** Turns a unique violation on users into its business error. */
function asUniqueViolation(error: unknown): AppError | undefined {
  const violation = driverError(error);
  const found = violation?.code === '23505' && violation.constraint ? uniqueErrors[violation.constraint] : undefined;
  return found && new AppError(found.key, undefined, { [found.field]: `errors.${found.key}` });
}

async function withUniqueErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asUniqueViolation(error) ?? error;
  }
}

async function findUserRow(db: Database, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The user row of a session's user; a missing user answers UNAUTHORIZED. */
export async function getUserRow(db: Database, userId: number): Promise<UserRow> {
  const row = await findUserRow(db, userId);
  if (!row) throw new AppError('UNAUTHORIZED');
  return row;
}

/** Accounts compare without case: `Demo` and `demo` are one account. */
export async function findUserByAccount(db: Database, account: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.account}) = lower(${account.trim()})`).limit(1);
  return row;
}

async function toUserInfo(db: Database, row: UserRow, providers: readonly UserInfoProvider[]): Promise<UserInfo> {
  let info: UserInfo = {
    id: row.id,
    account: row.account,
    family_name: row.familyName,
    given_name: row.givenName,
    email: row.email,
    mobile: row.mobile,
    avatar: row.avatar,
    language: languageFileSchema.catch('jp').parse(row.language),
    role: userRoleSchema.parse(row.role),
    balance: 0,
    has_pay_password: row.payPasswordHash !== null,
    shop_id: null,
  };
  for (const provide of providers) info = { ...info, ...(await provide(db, row.id)) };
  return info;
}

export async function getUserInfo(
  db: Database,
  userId: number,
  providers: readonly UserInfoProvider[] = [],
): Promise<UserInfo> {
  return toUserInfo(db, await getUserRow(db, userId), providers);
}

/** Failed logins allowed per source (IP, IPv6 /64) and per account name in `windowMs` (config). */
export interface LoginLimits {
  perSource: number;
  perAccount: number;
  windowMs: number;
}

export interface AccountsContext {
  hashing: HashingOptions;
  loginLimits?: LoginLimits;
  providers?: readonly UserInfoProvider[];
  session?: SessionContext;
  mailTransport?: MailTransport | undefined;
}

async function startSession(db: Database, row: UserRow, context: AccountsContext): Promise<LoginResponse> {
  const session = await createSession(db, row.id, context.session);
  const info = await toUserInfo(db, row, context.providers ?? []);
  return { userinfo: { ...info, token: session.token, expires_at: session.expiresAt.toISOString() } };
}

export interface NewUser {
  account: string;
  password: string;
  role?: UserRole;
  /** Admins only; an admin made without one is `super` (existing operators keep every right). */
  adminRole?: AdminRole;
  family_name?: string;
  given_name?: string;
  email?: string | null;
  mobile?: string | null;
  language?: LanguageFile;
  payPassword?: string;
}

/** Refuses the demo seed's published passwords for every account the seed does not make. */
function refuseDemoPassword(password: string, field: string): void {
  if (isDemoPassword(password)) {
    throw new AppError('PASSWORD_TOO_COMMON', undefined, { [field]: 'validation.password_demo' });
  }
}

/**
 * Creates an account (register, `admin:create`, the demo seed). Duplicates answer *_TAKEN; the demo
 * passwords are refused unless the demo seed itself is the caller.
 */
export async function createUser(
  db: Database,
  input: NewUser,
  hashing: HashingOptions,
  options: { payCodes?: PayCodeKeys; demoSeed?: boolean } = {},
): Promise<UserRow> {
  if (!options.demoSeed) refuseDemoPassword(input.password, 'password');
  if (input.payPassword !== undefined && !options.payCodes) throw new Error('a payment code needs the pay-code keys');
  const passwordHash = await hashSecret(input.password, hashing);
  const payPasswordHash =
    input.payPassword === undefined || !options.payCodes ? null : hashPayCode(input.payPassword, options.payCodes);
  const [row] = await withUniqueErrors(() =>
    db
      .insert(users)
      .values({
        account: input.account.trim(),
        passwordHash,
        payPasswordHash,
        role: input.role ?? 'buyer',
        adminRole: input.role === 'admin' ? (input.adminRole ?? 'super') : null,
        familyName: input.family_name ?? '',
        givenName: input.given_name ?? '',
        email: input.email ?? null,
        mobile: input.mobile ?? null,
        ...(input.language ? { language: input.language } : {}),
      })
      .returning(),
  );
  if (!row) throw new Error('user insert returned no row');
  return row;
}

/** `POST /api/user/register`: a buyer account, logged in at once. */
export async function registerUser(
  db: Database,
  input: RegisterRequest,
  context: AccountsContext & { language: LanguageFile },
): Promise<LoginResponse> {
  const row = await createUser(
    db,
    {
      account: input.account,
      password: input.password,
      family_name: input.family_name,
      given_name: input.given_name,
      email: input.email,
      mobile: input.mobile,
      language: context.language,
    },
    context.hashing,
  );
  return startSession(db, row, context);
}

/**
 * `POST /api/user/login`. An unknown account and a wrong password give the same answer after the
 * same work (a verification against a dummy hash). Every try is counted before verification, in
 * durable rows: per source (IP, IPv6 /64), per account name, and per account name and source.
 *
 * The 10th failure locks the account for 15 minutes, but only for sources the user never had a
 * session from: the owner, from a known address, still gets in while a flood from elsewhere keeps
 * the account locked (a known source is locked too once it has failed 10 times itself).
 */
export async function login(
  db: Database,
  input: { account: string; password: string },
  context: AccountsContext,
): Promise<LoginResponse> {
  const limits = context.loginLimits ?? { perSource: Infinity, perAccount: Infinity, windowMs: 15 * 60 * 1000 };
  const source = sourceKeyOf(context.session?.ip);
  const name = input.account.trim().toLowerCase().slice(0, 64);
  const keys = { source: `login-ip:${source}`, name: `login-account:${name}`, pair: `login-pair:${name}:${source}` };
  const rateLimited = (seconds: number) => new AppError('RATE_LIMITED', { seconds });
  const sourceHit = await hitThrottle(db, keys.source, limits.windowMs);
  if (sourceHit.hits > limits.perSource) throw rateLimited(sourceHit.retrySeconds);
  const nameHit = await hitThrottle(db, keys.name, limits.windowMs);
  const pairHit = await hitThrottle(db, keys.pair, limits.windowMs);
  const row = await findUserByAccount(db, input.account);
  // The same query for an unknown account, so that both answers take as long.
  const known = await isKnownSource(db, row?.id ?? -1, source);
  const maxFailures = accountLimits.loginMaxFailures;
  const ownAllowance = known && pairHit.hits <= maxFailures;
  if (nameHit.hits > limits.perAccount && !ownAllowance) throw rateLimited(nameHit.retrySeconds);
  if (!row) {
    await claimNothing(db);
    await verifyAgainstDummy(input.password, context.hashing);
    throw new AppError('LOGIN_FAILED');
  }
  const claim = await claimAttempt(db, row.id, 'login');
  const accountLocked = claim.lockedSeconds > 0 || claim.attempt > maxFailures;
  if (accountLocked && !ownAllowance) {
    const minutes = claim.lockedSeconds > 0 ? minutesFrom(claim.lockedSeconds) : await lock(db, row.id, 'login');
    throw new AppError('ACCOUNT_LOCKED', { minutes });
  }
  if (await verifySecret(row.passwordHash, input.password)) {
    // A known device getting in does not lift a lock a flood from elsewhere has set.
    if (!accountLocked) await resetFailures(db, row.id, 'login');
    await clearThrottle(db, keys.pair);
    await releaseThrottle(db, keys.source);
    await releaseThrottle(db, keys.name);
    if (row.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    return startSession(db, row, context);
  }
  const reachedLimit = claim.attempt >= maxFailures;
  const minutes = reachedLimit ? await lock(db, row.id, 'login') : 0;
  if (known ? pairHit.hits >= maxFailures : reachedLimit) {
    throw new AppError('ACCOUNT_LOCKED', { minutes: minutes || accountLimits.loginLockMinutes });
  }
  throw new AppError('LOGIN_FAILED');
}

export async function logout(db: Database, sessionId: number): Promise<void> {
  await revokeSession(db, sessionId);
}

/**
 * `POST /api/user/profile`: changes only the given fields; the user comes from the session. A new
 * email or mobile needs the login password (counted towards the login lock, answered like a
 * password change), and the old email is told of the change, so that a stolen token cannot quietly
 * redirect password resets.
 */
export async function updateProfile(
  db: Database,
  userId: number,
  patch: ProfileRequest,
  providers: readonly UserInfoProvider[] = [],
  context?: Pick<AccountsContext, 'mailTransport'>,
): Promise<UserInfo> {
  const row = await getUserRow(db, userId);
  const changesEmail = patch.email !== undefined && patch.email !== row.email;
  const changesMobile = patch.mobile !== undefined && patch.mobile !== row.mobile;
  if (changesEmail || changesMobile) {
    if (!patch.password) {
      throw new AppError('VALIDATION_FAILED', undefined, { password: 'validation.current_password_required' });
    }
    await requireLoginPassword(db, row, patch.password);
  }
  const values: Partial<typeof users.$inferInsert> = {};
  if (patch.family_name !== undefined) values.familyName = patch.family_name;
  if (patch.given_name !== undefined) values.givenName = patch.given_name;
  if (patch.email !== undefined) values.email = patch.email;
  if (patch.mobile !== undefined) values.mobile = patch.mobile;
  if (patch.avatar !== undefined) values.avatar = patch.avatar;
  if (Object.keys(values).length > 0) {
    await withUniqueErrors(() =>
      db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        // The avatar's upload is now in use: never purged as an orphan.
        if (patch.avatar) await attachUploads(tx, [patch.avatar]);
        if ((changesEmail || changesMobile) && row.email) {
          const language = languageFileSchema.catch('jp').parse(row.language);
          const params = { account: row.account };
          await enqueueMail(tx, {
            kind: 'contact_changed',
            userId,
            to: row.email,
            subject: translate(language, 'mail.contact_changed.subject', params),
            text: translate(language, 'mail.contact_changed.body', params),
          });
        }
      }),
    );
    if (context?.mailTransport) void deliverPendingMail(db, context.mailTransport).catch(() => {});
  }
  return getUserInfo(db, userId, providers);
}

export async function setLanguage(db: Database, userId: number, language: LanguageFile): Promise<LanguageFile> {
  await db.update(users).set({ language, updatedAt: sql`now()` }).where(eq(users.id, userId));
  sessionsChanged(userId);
  return language;
}

/** Verifies the login password of a logged-in user, counted towards the login lock. */
export async function requireLoginPassword(db: Database, row: UserRow, password: string): Promise<void> {
  const outcome = await attemptWithLockout(db, row.id, 'login', () => verifySecret(row.passwordHash, password));
  if (outcome.ok) return;
  throw outcome.locked
    ? new AppError('ACCOUNT_LOCKED', { minutes: outcome.minutes })
    : new AppError('PASSWORD_WRONG', undefined, { password: 'errors.PASSWORD_WRONG' });
}

/** New password, every session ended, pending reset codes voided, login lock lifted: one transaction. */
async function replacePassword(db: Database, userId: number, newPassword: string, hashing: HashingOptions) {
  refuseDemoPassword(newPassword, 'newpassword');
  const passwordHash = await hashSecret(newPassword, hashing);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordChangedAt: sql`now()`,
        updatedAt: sql`now()`,
        loginFailures: 0,
        loginLockedUntil: null,
      })
      .where(eq(users.id, userId));
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)));
    await revokeAllSessions(tx, userId);
  });
}

/** `POST /api/user/resetpwd` with `oldpassword`: ends every session, the current one included. */
export async function changePassword(
  db: Database,
  userId: number,
  input: { oldpassword: string; newpassword: string },
  hashing: HashingOptions,
): Promise<void> {
  refuseDemoPassword(input.newpassword, 'newpassword');
  const row = await getUserRow(db, userId);
  const outcome = await attemptWithLockout(db, row.id, 'login', () =>
    verifySecret(row.passwordHash, input.oldpassword),
  );
  if (!outcome.ok) {
    throw outcome.locked
      ? new AppError('ACCOUNT_LOCKED', { minutes: outcome.minutes })
      : new AppError('PASSWORD_WRONG', undefined, { oldpassword: 'errors.PASSWORD_WRONG' });
  }
  await replacePassword(db, row.id, input.newpassword, hashing);
}

const codeInterval = sql.raw(`interval '${accountLimits.resetCodeMinutes} minutes'`);

/**
 * `POST /api/user/forgot_code`: mails a 6-digit code valid 10 minutes to the account's email and
 * voids older codes. The answer and the work are the same whether or not the account exists.
 */
export async function sendResetCode(
  db: Database,
  account: string,
  context: AccountsContext,
): Promise<{ expires_in_minutes: number }> {
  const answer = { expires_in_minutes: accountLimits.resetCodeMinutes };
  const row = await findUserByAccount(db, account);
  const code = newNumericCode(accountLimits.resetCodeDigits);
  const codeHash = await hashSecret(code, context.hashing);
  if (!row?.email || row.status !== 'active') return answer;
  const email = row.email;
  const language = languageFileSchema.catch('jp').parse(row.language);
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetCodes.userId, row.id), isNull(passwordResetCodes.usedAt)));
    await tx.insert(passwordResetCodes).values({ userId: row.id, codeHash, expiresAt: sql`now() + ${codeInterval}` });
    const params = { code, minutes: accountLimits.resetCodeMinutes, account: row.account };
    await enqueueMail(tx, {
      kind: 'password_reset',
      userId: row.id,
      to: email,
      subject: translate(language, 'mail.reset_code.subject', params),
      text: translate(language, 'mail.reset_code.body', params),
    });
  });
  if (context.mailTransport) {
    // Sending must not change the answer or its timing; failures are recorded on the outbox row.
    void deliverPendingMail(db, context.mailTransport).catch(() => {});
  }
  return answer;
}

/**
 * `POST /api/user/resetpwd` with `account` and `code`. The code is single use and allows
 * 5 wrong tries; every failure looks the same (RESET_CODE_INVALID).
 */
export async function resetPasswordWithCode(
  db: Database,
  input: { account: string; code: string; newpassword: string },
  hashing: HashingOptions,
): Promise<void> {
  refuseDemoPassword(input.newpassword, 'newpassword');
  const invalid = () => new AppError('RESET_CODE_INVALID', undefined, { code: 'errors.RESET_CODE_INVALID' });
  const row = await findUserByAccount(db, input.account);
  const [pending] = row
    ? await db
        .select({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash })
        .from(passwordResetCodes)
        .where(
          and(
            eq(passwordResetCodes.userId, row.id),
            isNull(passwordResetCodes.usedAt),
            gt(passwordResetCodes.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(passwordResetCodes.id))
        .limit(1)
    : [];
  if (!row || !pending) {
    await verifyAgainstDummy(input.code, hashing);
    throw invalid();
  }
  // Count the try before verifying, atomically, so concurrent guesses cannot exceed the allowance.
  const [claim] = await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(and(eq(passwordResetCodes.id, pending.id), isNull(passwordResetCodes.usedAt)))
    .returning({ attempts: passwordResetCodes.attempts });
  if (!claim || claim.attempts > accountLimits.resetCodeMaxAttempts) throw invalid();
  if (!(await verifySecret(pending.codeHash, input.code))) {
    if (claim.attempts >= accountLimits.resetCodeMaxAttempts) {
      await db.update(passwordResetCodes).set({ usedAt: sql`now()` }).where(eq(passwordResetCodes.id, pending.id));
    }
    throw invalid();
  }
  if (await verifySecret(row.passwordHash, input.newpassword)) {
    throw new AppError('PASSWORD_SAME', undefined, { newpassword: 'validation.password_same' });
  }
  const [consumed] = await db
    .update(passwordResetCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetCodes.id, pending.id), isNull(passwordResetCodes.usedAt)))
    .returning({ id: passwordResetCodes.id });
  if (!consumed) throw invalid();
  await replacePassword(db, row.id, input.newpassword, hashing);
}

/**
 * How long a reset code is kept once it can no longer be used (expired, or used/voided). Nothing
 * reads a dead code; the day is a margin between the purge (server clock) and the code checks
 * (database clock), and leaves a failed reset from today to be looked into. A live code (unused
 * and unexpired) is never deleted, whatever its age.
 */
export const deadResetCodeRetentionMs = 24 * 60 * 60 * 1000;

/** Deletes reset codes that expired or were used more than a day before `now`; returns how many. */
export function purgeResetCodes(db: Database, now: Date, batchSize: number = purgeBatchSize): Promise<number> {
  const cutoff = new Date(now.getTime() - deadResetCodeRetentionMs);
  return deleteInBatches(
    db,
    passwordResetCodes,
    passwordResetCodes.id,
    or(lt(passwordResetCodes.expiresAt, cutoff), lt(passwordResetCodes.usedAt, cutoff)),
    batchSize,
  );
}
