import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { makeTestPki } from '../target-map/test-pki';
import { nssHomeFor } from './nss-home';

const ROOT = path.resolve(__dirname, '../../..');

function buildInChild(pemFile: string, cacheDir: string): Promise<string> {
  const script = `const fs = require('node:fs'); const { nssHomeFor } = require(${JSON.stringify(path.join(__dirname, 'nss-home.ts'))}); process.stdout.write(nssHomeFor([fs.readFileSync(${JSON.stringify(pemFile)}, 'utf8')], ${JSON.stringify(cacheDir)}));`;
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
    ),
  );
}

it('builds one trust store per set of roots, also when parallel workers ask for it at the same time, and recovers a half-built one', async () => {
  const pki = makeTestPki(['a.test'], 'NSS Home Test Root');
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'nss-home-'));
  try {
    const homes = await Promise.all([1, 2, 3].map(() => buildInChild(pki.caFile, cache)));
    expect(new Set(homes).size).toBe(1);
    expect(fs.existsSync(path.join(homes[0], '.trust-installed'))).toBe(true);
    expect(fs.existsSync(path.join(homes[0], '.pki', 'nssdb', 'cert9.db'))).toBe(true);
    expect(fs.readdirSync(cache).filter((n) => n.startsWith('.building-'))).toEqual([]);
    fs.rmSync(path.join(homes[0], '.trust-installed'));
    expect(nssHomeFor([fs.readFileSync(pki.caFile, 'utf8')], cache)).toBe(homes[0]);
    expect(fs.existsSync(path.join(homes[0], '.trust-installed'))).toBe(true);
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
    pki.cleanup();
  }
});
