/**
 * Screenshots of browser flows are saved beside the report (`screenshots/<test anchor>.png`) and
 * the page shows them from there: inlined, seven screenshots alone would make a page of a megabyte.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ConformanceResults } from './types';

export const SCREENSHOTS_DIR = 'screenshots';
const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]*={0,2})$/;

/** Writes every inlined screenshot of `results` to a file under `outputFolder` and points the results at it. */
export function saveScreenshots(results: ConformanceResults, outputFolder: string): void {
  for (const t of results.tests) {
    const m = t.browser?.screenshot ? DATA_URL.exec(t.browser.screenshot) : null;
    if (!m || !/^[a-z0-9-]+$/.test(t.key)) continue;
    const file = path.posix.join(SCREENSHOTS_DIR, `${t.key}.png`);
    fs.mkdirSync(path.join(outputFolder, SCREENSHOTS_DIR), { recursive: true });
    fs.writeFileSync(path.join(outputFolder, file), Buffer.from(m[1], 'base64'));
    t.browser!.screenshot = file;
  }
}
