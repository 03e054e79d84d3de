/**
 * Every table, for the database client and drizzle-kit only. Modules import their own
 * db/schema/<module>.ts (enforced by .dependency-cruiser.cjs), never this file.
 */
export * from './accounts.ts';
export * from './addresses.ts';
export * from './audit.ts';
export * from './cart.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './idempotency.ts';
export * from './ledger.ts';
export * from './merchants.ts';
export * from './mutual-aid.ts';
export * from './notifications.ts';
export * from './orders.ts';
export * from './platform.ts';
export * from './search.ts';
export * from './service.ts';
export * from './support.ts';
export * from './uploads.ts';
export * from './wallet.ts';
