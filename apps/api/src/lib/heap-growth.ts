import { setFlagsFromString } from 'node:v8';

/**
 * How far above the live heap V8 lets the old generation grow before it starts a full collection,
 * in percent: 100 lets a heap of about 60 MB of live objects (the server's, once its modules,
 * brands and pages are loaded) reach about 120 MB.
 *
 * V8 counts the buffer memory allocated since the last full collection against that headroom.
 * An upload's socket reads allocate a 64 KB buffer each; young collections free them, but between
 * two of them some 20-40 MB arrive. With the headroom V8 chose on its own after an idle spell
 * (about 18%, 10 MB), every young collection's worth of bytes started a new full collection: about
 * 50 per gigabyte, each marking the whole heap to free nothing, and an upload ran at 0.4x a bare
 * server's speed. With the headroom fixed at 100% a gigabyte costs one or none (decision 0061).
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Sets the server process's heap growth (read by V8 each time it recomputes its limits, so it holds
 * from the next collection on). Called once at start-up, by the server and by the upload bench.
 */
export function setHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
