// Types of build.mjs for the TypeScript tests that import it.
type Log = (line: string) => void;
export declare const APPS: Record<'wc' | 'react' | 'vue' | 'svelte', { title: string; sources: string[]; plugin?: string }>;
export declare const APP_NAMES: ('wc' | 'react' | 'vue' | 'svelte')[];
export declare function distOf(name: string): string;
export declare function isStale(name: string): boolean;
export declare function buildApps(options?: { names?: string[]; force?: boolean; log?: Log }): Promise<string[]>;
export declare const SSR_NAMES: ('react' | 'vue' | 'svelte')[];
export declare function buildSsrApps(options?: { names?: string[]; force?: boolean; log?: Log }): Promise<string[]>;
/** '/ssr/<name>/' -> renderer of the full page for the e2e server's `pages` option. */
export declare function ssrPages(names?: string[]): Promise<Record<string, (origin: string) => Promise<string | AsyncIterable<string | Uint8Array>>>>;
export declare function ssrStatic(names?: string[]): Record<string, string>;
