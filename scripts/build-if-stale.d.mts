/** Types of scripts/build-if-stale.mjs, for the benches that measure a built checkout. */
export declare function buildIfStale(): void;
/** The latest modification time of a file, or of anything in a folder tree (0 when it is missing). */
export declare function newestChange(path: string): number;
