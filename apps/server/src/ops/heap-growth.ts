import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection left alive before it
 * collects again, in percent. V8 picks a factor of 1.1–4 on its own from how fast it collected
 * against how fast the program allocates; on a machine with plenty of RAM up to 4, and a server
 * that promotes a few KB of short-lived request data per request reached 4x its ~35 MB live heap
 * under the load mix: 135 MB of garbage waiting, 277–304 MB RSS at peak where 1.5x holds it near
 * 175 MB at the same CPU per request (ADR 0016, addendum 2). A full collection of ~35 MB live is a
 * few ms, mostly concurrent.
 *
 * Imported first by main.ts, so the limit V8 sets at the first collections of the start already
 * uses it. Not allowed in NODE_OPTIONS, hence set here rather than beside --max-semi-space-size.
 */
export const heapGrowingPercent = 50;

v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
