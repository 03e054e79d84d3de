export * from './accounts.ts';
export * from './addresses.ts';
export * from './catalog.ts';
export * from './idempotency.ts';
export * from './ledger.ts';
export * from './platform.ts';
export * from './uploads.ts';
export * from './wallet.ts';
