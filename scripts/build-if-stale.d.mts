/** Types of scripts/build-if-stale.mjs, for the benches that measure a built checkout. */
export declare function buildIfStale(): void;
