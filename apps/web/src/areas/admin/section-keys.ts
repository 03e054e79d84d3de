/**
 * The admin console's sections, in menu order; each is labelled by `adminConsole.menu.<key>` in
 * the admin locale part (section-keys.test.ts holds every language of it to that).
 */
export const adminSectionKeys = [
  'dashboard',
  'users',
  'shops',
  'orders',
  'merchants',
  'recharges',
  'withdrawals',
  'refunds',
  'service',
  'complaints',
  'promos',
  'ledger',
  'audit',
  'outbox',
  'content',
  'settings',
] as const;
export type AdminSectionKey = (typeof adminSectionKeys)[number];
