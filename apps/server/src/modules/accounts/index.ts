export { type AccountsRouteOptions, accountsRoutes } from './accounts.routes.ts';
export { accountsSeedPart, demoUsers } from './accounts.seed.ts';
export {
  createUser,
  findUserByAccount,
  getUserInfo,
  type NewUser,
  purgeResetCodes,
  type UserInfoProvider,
  verifyPayPassword,
} from './accounts.service.ts';
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
export { accountNamesOf, findUserRole, setUserRole } from './roles.service.ts';
export { findSessionUser, purgeEndedSessions, revokeAllSessions, type SessionUser } from './sessions.service.ts';
