export { type AccountsRouteOptions, accountsRoutes } from './accounts.routes.ts';
export { accountsSeedPart, demoUsers } from './accounts.seed.ts';
export {
  createUser,
  findUserByAccount,
  getUserInfo,
  type NewUser,
  purgeResetCodes,
  type UserInfoProvider,
} from './accounts.service.ts';
export {
  clearUserLockout,
  countUsersSince,
  type FieldChange,
  getAdminProfile,
  getUserForAdmin,
  listOutboxPage,
  listUsersForAdmin,
  setUserFrozen,
} from './admin-users.service.ts';
export {
  createMailTransport,
  deliverPendingMail,
  enqueueMail,
  listOutbox,
  type MailTransport,
  type OutboxMail,
  type OutgoingMail,
  purgeSentMail,
} from './mail.service.ts';
export { defaultHashing, type HashingOptions, hashingFromConfig } from './passwords.ts';
export { verifyPayPassword, withVerifiedPayCode } from './pay-code.service.ts';
export { type PayCodeKeys, payCodeKeys } from './pay-code-keys.ts';
export { accountNamesOf, findUserRole, setUserRole } from './roles.service.ts';
export {
  findSessionUser,
  purgeEndedSessions,
  revokeAllSessions,
  type SessionUser,
  sessionsChanged,
} from './sessions.service.ts';
export { purgeThrottles } from './throttle.service.ts';
export { listAccountNames, lockUserRow, userAccounts } from './user-refs.service.ts';
