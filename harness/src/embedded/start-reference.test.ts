import { spawn } from 'node:child_process';
import * as net from 'node:net';
import * as readline from 'node:readline';
import * as path from 'node:path';
import { fieldValue } from '../core';
import { loadTargetMap } from '../target-map';
import { createDispatcher } from '../target-map/dispatcher';
import { send } from '../transport/send';
import { caddyInstalled } from '../testing/h3-edge';
import { EmbeddedReferenceError, launchReference, startEmbeddedReference, targetEnvOf, type ReferenceReady } from './start-reference';
import { WHOLE_RUN_MS, withTestBudgets } from '../testing/budgets';

const root = path.resolve(__dirname, '../../..');

describe('embedded reference process', () => {
  test('targetEnvOf turns a ready line into the user-facing target variables', () => {
    const ready: ReferenceReady = {
      event: 'ready',
      tlsPort: 8443,
      httpPort: 8080,
      rootPath: '/tmp/root.pem',
      section: 'static',
      implemented: ['site'],
      urls: { site: ['https://www.lessons.test:8443'], ocsp: ['http://r10.o.pki.test:8080', 'http://r11.o.pki.test:8080'] },
    };
    expect(targetEnvOf(ready)).toEqual({
      TARGET_URL: 'https://www.lessons.test:8443',
      TARGET_OCSP_URL: 'http://r10.o.pki.test:8080,http://r11.o.pki.test:8080',
      TARGET_RESOLVE: 'www.lessons.test:8443:127.0.0.1,r10.o.pki.test:8080:127.0.0.1,r11.o.pki.test:8080:127.0.0.1',
      TARGET_CA: '/tmp/root.pem',
      TARGET_SECTION: 'static',
      HARNESS_TARGET_KIND: 'reference',
    });
  });

  test('a command that exits before its ready line is a clear error, not a hang', async () => {
    const launch = launchReference({ command: process.execPath, args: ['-e', 'console.error("boom"); process.exit(3)'], cwd: root, timeoutMs: 10000 });
    await expect(launch).rejects.toThrow(EmbeddedReferenceError);
    await expect(launch).rejects.toThrow(/exited \(code 3\)[\s\S]*boom/);
  });

  test('a command that never gets ready times out', async () => {
    const launch = launchReference({ command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], cwd: root, timeoutMs: 500 });
    await expect(launch).rejects.toThrow(/no ready line within 500 ms/);
  });

  test(
    'starts the reference, which answers, and stops it on SIGTERM',
    async () => {
      const reference = await startEmbeddedReference();
      try {
        expect(reference.ready.urls.site[0]).toMatch(/^https:\/\/www\.lessons\.test:\d+$/);
        expect(reference.ready.implemented).toEqual(expect.arrayContaining(['site', 'bare', 'assets', 'maintenance']));
        // It answers over the wire as a user's target would: its names mapped to loopback, its root trusted.
        const map = loadTargetMap(withTestBudgets(targetEnvOf(reference.ready)));
        const dispatcher = createDispatcher(map);
        try {
          const home = await send(dispatcher, { url: `${reference.ready.urls.site[0]}/`, headers: { 'accept-encoding': 'identity' } }, map.limits);
          expect(home.status).toBe(200);
          expect(fieldValue(home.lines, 'content-type')).toBe('text/html; charset=utf-8');
          expect(home.body.toString('utf8')).toMatch(/^\s*<!DOCTYPE html>/i);
          const bare = await send(dispatcher, { url: `${reference.ready.urls.bare[0]}/` }, map.limits);
          expect([bare.status, fieldValue(bare.lines, 'location')]).toEqual([301, `${reference.ready.urls.site[0]}/`]);
        } finally {
          await dispatcher.close();
        }
      } finally {
        // SIGTERM ends it cleanly (exit code 0) within the launcher's own bound (STOP_TIMEOUT_MS): no SIGKILL was needed.
        const exit = await reference.stopWithExit();
        expect(exit).toEqual({ code: 0, signal: null, killed: false });
      }
      // Stopped: nothing listens on its port any more.
      const refused = await new Promise<string>((resolve) => {
        const socket = net.connect(reference.ready.tlsPort, '127.0.0.1', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      });
      expect(refused).toBe('ECONNREFUSED');
      // Stopping again reports the same end and sends nothing.
      await expect(reference.stopWithExit()).resolves.toEqual({ code: 0, signal: null, killed: false });
    },
    WHOLE_RUN_MS,
  );
});

/** Whether something accepts TCP connections on the loopback port. */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/** Polls until `done` holds; a hang detector: the failure names the limit, never a duration measured. */
async function eventually(what: string, done: () => Promise<boolean>, limitMs = 30_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: still so after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the reference and its HTTP/3 edge end when the process that started it is killed with SIGKILL', async () => {
  // A runner of its own, started as a user's run is: it starts the reference and prints what it got.
  const script = `
    const { startEmbeddedReference } = require(${JSON.stringify(path.join(__dirname, 'start-reference'))});
    startEmbeddedReference().then((r) => console.log(JSON.stringify({ pid: r.pid, ready: r.ready })));
  `;
  const runner = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: runner.stdout! }).once('line', resolve);
    runner.once('exit', (code) => reject(new Error(`the runner exited (${code}) before the reference was ready`)));
  });
  const { pid, ready } = JSON.parse(line) as { pid: number; ready: ReferenceReady };
  const ports = [ready.tlsPort, ...(ready.http3 && 'port' in ready.http3 ? [ready.http3.port] : [])];
  try {
    // Where Caddy is installed the reference starts its edge (its TCP port answers too).
    expect(ports.length).toBe(caddyInstalled() ? 2 : 1);
    for (const port of ports) expect(await accepting(port)).toBe(true);
    runner.kill('SIGKILL');
    await eventually(`reference process ${pid} alive`, async () => !alive(pid));
    for (const port of ports) await eventually(`port ${port} accepting`, async () => !(await accepting(port)));
  } finally {
    if (alive(pid)) process.kill(pid, 'SIGTERM');
  }
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
