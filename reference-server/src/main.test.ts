import { spawn } from 'node:child_process';
import { MAIN_SCRIPT } from './testing/own-process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as readline from 'node:readline';

const root = path.resolve(__dirname, '../..');

function start(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN_SCRIPT, ...args], { cwd: root });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const firstLine = new Promise<string>((resolve) => readline.createInterface({ input: child.stdout }).once('line', resolve));
  return { child, exited, firstLine, stderr: () => stderr };
}

describe('npm run reference (main)', () => {
  test('prints the role map and the root, exits 0 on SIGTERM and releases the port', async () => {
    const run = start(['--port', '0', '--http-port', '0']);
    const lines: string[] = [];
    const ready = new Promise<void>((resolve) =>
      readline.createInterface({ input: run.child.stdout }).on('line', (l) => {
        lines.push(l);
        if (l.startsWith('  TARGET_CA=')) resolve();
      }),
    );
    await ready;
    const text = lines.join('\n');
    expect(text).toMatch(/Root certificate: .*root\.pem/);
    expect(text).toMatch(/^site\s+https:\/\/www\.lessons\.test:\d+$/m);
    expect(text).toMatch(/^ocsp\s+http:\/\/r10\.o\.pki\.test:\d+, http:\/\/r11\.o\.pki\.test:\d+/m);
    const port = Number(/TLS port (\d+)/.exec(text)?.[1]);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const again = net.createServer();
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((r) => again.close(r));
  });

  test('--json: the ready line always names the nodes (one: 127.0.0.1)', async () => {
    const run = start(['--port', '0', '--http-port', '0', '--no-http3', '--json']);
    const ready = JSON.parse(await run.firstLine) as { event: string; nodes: string[] };
    expect(ready).toMatchObject({ event: 'ready', nodes: ['127.0.0.1'] });
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  test('--nodes 2: the ready line names both; the targets file and the start text resolve every name to both', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodes-'));
    const targetsFile = path.join(dir, 'targets.json');
    const run = start(['--port', '0', '--http-port', '0', '--no-http3', '--json', '--nodes', '2', '--targets-file', targetsFile]);
    const ready = JSON.parse(await run.firstLine) as { nodes: string[]; tlsPort: number; httpPort: number };
    expect(ready.nodes).toEqual(['127.0.0.1', '127.0.0.2']);
    const { resolve } = JSON.parse(fs.readFileSync(targetsFile, 'utf8')) as { resolve: string[] };
    expect(resolve).toContain(`www.lessons.test:${ready.tlsPort}:127.0.0.1,127.0.0.2`);
    expect(resolve).toContain(`r10.o.pki.test:${ready.httpPort}:127.0.0.1,127.0.0.2`);
    for (const entry of resolve) expect(entry).toMatch(/^[a-z0-9.]+:\d+:127\.0\.0\.1,127\.0\.0\.2$/);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });

    const text = start(['--port', '0', '--http-port', '0', '--no-http3', '--nodes', '2', '--node-deviation', '2:drop-header=x-frame-options']);
    const lines: string[] = [];
    await new Promise<void>((resolve) =>
      readline.createInterface({ input: text.child.stdout }).on('line', (l) => {
        lines.push(l);
        if (l.startsWith('  TARGET_CA=')) resolve();
      }),
    );
    const joined = lines.join('\n');
    expect(joined).toMatch(/^Nodes: 127\.0\.0\.1, 127\.0\.0\.2 /m);
    expect(joined).toMatch(/^Node deviations: 2:drop-header=x-frame-options$/m);
    expect(joined).toMatch(/^ {2}TARGET_RESOLVE=www\.lessons\.test:\d+:127\.0\.0\.1,127\.0\.0\.2,lessons\.test:\d+:127\.0\.0\.1,127\.0\.0\.2,/m);
    text.child.kill('SIGTERM');
    expect(await text.exited).toBe(0);
  });

  test('a port taken at node 2 exits 1 naming its address and port', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.2', r));
    const port = (blocker.address() as net.AddressInfo).port;
    const run = start(['--port', String(port), '--http-port', '0', '--no-http3', '--nodes', '2']);
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toMatch(new RegExp(`^reference: node 2 cannot listen on 127\\.0\\.0\\.2:${port} \\(EADDRINUSE\\)`, 'm'));
    await new Promise((r) => blocker.close(r));
  });

  test('a bad option exits 2 with a message naming it', async () => {
    const run = start(['--port', 'eighty']);
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toMatch(/--port: "eighty" is not a port/);
  });

  test('a port in use is reported, not a stack trace', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as net.AddressInfo).port;
    const run = start(['--port', String(port), '--http-port', '0']);
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toMatch(/Cannot listen: .*EADDRINUSE.*Choose another --port/);
    await new Promise((r) => blocker.close(r));
  });
});
