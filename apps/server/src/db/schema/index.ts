export * from './catalog.ts';
export * from './platform.ts';
