import * as fs from 'node:fs';

/** The lw= cache-busting value of the theme files, in the description's yyMMddTHHmm form. */
export const THEME_VERSION = '260408T1654';

export const PLACEHOLDERS = ['ASSET_ORIGIN', 'ANALYTICS_ORIGIN', 'SECTION', 'LW', 'VI_TICKS'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** .NET DateTime ticks (100 ns since 0001-01-01) of a time, as Sitecore writes VIcurrentDateTime. */
export function dotNetTicks(date: Date): string {
  return (BigInt(date.getTime()) * 10000n + 621355968000000000n).toString();
}

export interface PageTemplate {
  render(values: Record<Placeholder, string>): string;
}

/**
 * Splits the template once into literal text and placeholders, so a request only concatenates.
 * An unknown placeholder fails here, when the host is built, not on a request.
 */
export function compileTemplate(source: string): PageTemplate {
  const parts = source.split(/\{\{([A-Z_]+)\}\}/);
  for (let i = 1; i < parts.length; i += 2) {
    if (!(PLACEHOLDERS as readonly string[]).includes(parts[i])) throw new Error(`unknown placeholder {{${parts[i]}}}`);
  }
  return {
    render(values) {
      let out = '';
      for (let i = 0; i < parts.length; i++) out += i % 2 ? values[parts[i] as Placeholder] : parts[i];
      return out;
    },
  };
}

export function loadTemplate(file: string, rename: (text: string) => string = (t) => t): PageTemplate {
  return compileTemplate(rename(fs.readFileSync(file, 'utf8')));
}
