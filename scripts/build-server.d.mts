/** Types of scripts/build-server.mjs, for the tests and benches that start the compiled server. */
export declare const SERVER_BUILD_DIR: string;
export declare const SERVER_ENTRY: string;
export declare function serverBuildIsStale(): boolean;
export declare function buildServer(): Promise<void>;
export declare function buildServerIfStale(): Promise<void>;
