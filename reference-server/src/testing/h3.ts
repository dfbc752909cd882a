/**
 * Test support for the HTTP/3 edge (`h3/edge.ts`): Chromium over QUIC with the reference's root
 * trusted in an NSS database of its own (a private HOME), and the Caddy process of an edge found
 * from the outside (/proc), as a user would see it. Tests only.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser } from '@playwright/test';

/** The Chromium to drive: CHROMIUM_PATH, else Debian's. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** A temporary HOME whose NSS database (~/.pki/nssdb, where Chromium on Linux looks) trusts these roots. */
export function trustingHome(rootPems: readonly string[]): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'h3-browser-home-'));
  const db = path.join(home, '.pki', 'nssdb');
  fs.mkdirSync(db, { recursive: true });
  execFileSync('certutil', ['-N', '-d', `sql:${db}`, '--empty-password'], { stdio: 'pipe' });
  rootPems.forEach((pem, i) => {
    const file = path.join(home, `root-${i}.pem`);
    fs.writeFileSync(file, pem);
    execFileSync('certutil', ['-A', '-d', `sql:${db}`, '-t', 'C,,', '-n', `test-root-${i}`, '-i', file], { stdio: 'pipe' });
  });
  return home;
}

export interface H3Answer {
  status: number;
  /** `performance.getEntriesByType('navigation')[0].nextHopProtocol`: `h3` when QUIC carried it. */
  protocol: string;
  /** Header lines as Chromium received them, repeats kept, names lowercased. */
  lines: Array<[string, string]>;
}

export interface H3Browser {
  /** Navigates to `https://<host>:<originPort><path>` and reports how it was answered. */
  visit(host: string, urlPath?: string): Promise<H3Answer>;
  close(): Promise<void>;
}

/**
 * Chromium forced onto QUIC for `hosts` at `originPort` (the port in their URLs), whose UDP
 * packets go to the edge (`127.0.0.1:<edgePort>`), every other `.test` name to 127.0.0.1.
 */
export async function launchH3Browser(options: {
  hosts: readonly string[];
  originPort: number;
  edgePort: number;
  rootPems: readonly string[];
}): Promise<H3Browser> {
  const home = trustingHome(options.rootPems);
  const origins = options.hosts.map((h) => `${h}:${options.originPort}`);
  const rules = [...origins.map((o) => `MAP ${o} 127.0.0.1:${options.edgePort}`), 'MAP *.test 127.0.0.1'].join(', ');
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      chromiumSandbox: false,
      env: { ...process.env, HOME: home } as Record<string, string>,
      args: [
        '--enable-quic',
        `--origin-to-force-quic-on=${origins.join(',')}`,
        `--host-resolver-rules=${rules}`,
        '--no-proxy-server',
        '--disable-gpu',
        '--no-first-run',
      ],
    });
  } catch (err) {
    fs.rmSync(home, { recursive: true, force: true });
    throw err;
  }
  return {
    visit: async (host, urlPath = '/') => {
      const page = await browser.newPage();
      try {
        const response = await page.goto(`https://${host}:${options.originPort}${urlPath}`, { waitUntil: 'domcontentloaded' });
        if (!response) throw new Error(`no response for ${host}${urlPath}`);
        const protocol = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol);
        const lines = (await response.headersArray()).map(({ name, value }) => [name.toLowerCase(), value] as [string, string]);
        return { status: response.status(), protocol, lines };
      } finally {
        await page.close();
      }
    },
    close: async () => {
      await browser.close();
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Values of one header in `lines`, in order. */
export function valuesOf(lines: ReadonlyArray<[string, string]>, name: string): string[] {
  return lines.filter(([n]) => n === name).map(([, v]) => v);
}

export interface CaddyProcess {
  pid: number;
  /** The config file named on its command line, and the private folder holding it. */
  configFile: string;
  dir: string;
}

/** Running `caddy run --config <file>` processes (Linux /proc) whose configuration listens on `port`. */
export function caddyListeningOn(port: number): CaddyProcess[] {
  const found: CaddyProcess[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let argv: string[];
    try {
      argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile
    }
    if (path.basename(argv[0]) !== 'caddy' || argv[1] !== 'run' || argv[2] !== '--config') continue;
    const configFile = argv[3];
    let listens = false;
    try {
      const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as { apps?: { http?: { servers?: Record<string, { listen?: string[] }> } } };
      listens = Object.values(config.apps?.http?.servers ?? {}).some((s) => (s.listen ?? []).some((l) => l.endsWith(`:${port}`)));
    } catch {
      continue;
    }
    if (listens) found.push({ pid: Number(entry), configFile, dir: path.dirname(configFile) });
  }
  return found;
}

/** Whether a process runs (a zombie does not count). */
export function processRuns(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z /.test(stat);
  } catch {
    return false;
  }
}
