/** The root package.json version, injected by vite (`define`) and by jest (`globals`). */
declare const __APP_VERSION__: string;
