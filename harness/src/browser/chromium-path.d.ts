export declare const BROWSER_ENV: string;
export declare function findChromium(env?: NodeJS.ProcessEnv): { path: string; source: string } | { path: undefined; problem: string };
