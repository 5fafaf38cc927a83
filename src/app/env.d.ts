/** The app's version from package.json, put in by vite.config.ts (`define`). */
declare const __APP_VERSION__: string;
