/**
 * The zod-free part of the contract. The web app's first load imports this entry so the schema
 * library stays out of the initial bundle (bench/bundle-size.ts keeps that in check); types from
 * the main entry are free to import with `import type`.
 */
export * from './client-constants.ts';
export type { ErrorKey, ValidationKey } from './errors.ts';
export { errorKeys, resultCodes, validationKeys } from './errors.ts';
export * from './language-table.ts';
export * from './markup.ts';
