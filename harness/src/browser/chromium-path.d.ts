export declare const BROWSER_ENV: string;
export declare const SYSTEM_CANDIDATES: readonly string[];
export declare function isHeadlessShell(file: string): boolean;
export declare function findChromium(
  env?: NodeJS.ProcessEnv,
  candidates?: readonly string[],
): { path: string; source: string } | { path: undefined; problem: string };
