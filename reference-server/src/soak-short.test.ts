/**
 * The soak's CI mode (bench/soak.ts --short: 10 s of mixed traffic over every role at concurrency
 * 16, HTTP/1.1 and HTTP/2, against the reference in its own process). `npm run soak` is the full
 * 60 s run.
 */
import { spawn } from 'node:child_process';
import { PACKAGE_ROOT } from './testing/reference-process';

test('soak --short: no errors, no 5xx, RSS within 10% of warm-up, no fd growth', async () => {
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/soak.ts', '--short'], { cwd: PACKAGE_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ code: exitCode, output });
    });
  });
  console.log(output);
  expect(output).toMatch(/soak passed/);
  expect(code).toBe(0);
}, 120_000);
