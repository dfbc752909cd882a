import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCaFile } from './ca';
import { TargetConfigError } from './errors';
import { makeTestPki, type TestPki } from './test-pki';

const SRC = { variable: 'TARGET_CA' };
let pki: TestPki;
let other: TestPki;
let dir: string;

beforeAll(() => {
  pki = makeTestPki(['a.test'], 'Root One');
  other = makeTestPki(['b.test'], 'Root Two');
  dir = mkdtempSync(join(tmpdir(), 'harness-target-ca-'));
});

afterAll(() => {
  pki.cleanup();
  other.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

function write(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('loadCaFile', () => {
  it('returns each certificate of a bundle separately, ignoring text around them', () => {
    const file = write('bundle.pem', `# roots\n${pki.caPem}\nsubject=whatever\n${other.caPem}`);
    const ca = loadCaFile(file, 'bundle.pem', SRC);
    expect(ca.file).toBe(file);
    expect(ca.pems).toHaveLength(2);
    expect(ca.pems[0].trim()).toBe(pki.caPem.trim());
    expect(ca.pems[1].trim()).toBe(other.caPem.trim());
  });

  it('names a missing file', () => {
    expect(() => loadCaFile(join(dir, 'nope.pem'), 'nope.pem', SRC)).toThrow('TARGET_CA: "nope.pem" names a file that does not exist');
  });

  it('names a path that is not a regular file', () => {
    expect(() => loadCaFile(dir, 'the-dir', SRC)).toThrow('TARGET_CA: "the-dir" is not a regular file');
  });

  it('names a path that cannot be read', () => {
    const file = write('plain.pem', pki.caPem);
    expect(() => loadCaFile(join(file, 'below'), 'plain.pem/below', SRC)).toThrow('TARGET_CA: "plain.pem/below" cannot be read (ENOTDIR)');
  });

  it('refuses a file without any certificate (e.g. a key)', () => {
    const file = write('key.pem', pki.keyPem);
    const run = (): unknown => loadCaFile(file, 'key.pem', SRC);
    expect(run).toThrow(TargetConfigError);
    expect(run).toThrow('TARGET_CA: "key.pem" holds no PEM certificate');
  });

  it('refuses a bundle with one corrupt block, naming the file and the block', () => {
    const broken = other.caPem.replace(/\n[A-Za-z0-9+/]{20}/, '\n!!!!broken!!!!');
    const file = write('broken.pem', `${pki.caPem}${broken}`);
    expect(() => loadCaFile(file, 'broken.pem', SRC)).toThrow(/^TARGET_CA: "broken.pem" holds a certificate that does not parse \(block 2: /);
  });
});
