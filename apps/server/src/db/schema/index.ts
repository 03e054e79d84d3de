export * from './accounts.ts';
export * from './cart.ts';
export * from './catalog.ts';
export * from './ledger.ts';
export * from './orders.ts';
export * from './platform.ts';
