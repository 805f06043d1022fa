/**
 * V8's heap for the worker process as `npm run up` and the benches start it (decision 0059): 8 MiB
 * semi-spaces and a growing factor of 2, the flags the cluster primary gives the forked API processes
 * (`API_V8_FLAGS` in src/api-processes.ts). Without them a 100,000-link matching run left the process at
 * ~335 MB (≈ 40 MB live, the rest garbage V8 had not collected yet); with them ~250 MB.
 */
export const HEAP_FLAGS = ['--max-semi-space-size=8', '--heap-growing-percent=100'];
