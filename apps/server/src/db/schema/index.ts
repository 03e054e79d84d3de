export * from './ledger.ts';
export * from './platform.ts';
