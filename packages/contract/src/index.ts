export * from './accounts.ts';
export * from './client-constants.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './languages.ts';
export * from './ledger.ts';
export * from './platform.ts';
export * from './wallet.ts';
