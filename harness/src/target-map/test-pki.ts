/**
 * Throwaway PKI for the tests of this folder: a root and one leaf for made-up names, issued by
 * the openssl CLI so the certificates come from an implementation independent of the code tested.
 * They live 30 days: more than the 14 days left under which `certs/<role>` warns (HARNESS_CERT_MIN_DAYS),
 * so a whole run against a target serving them (the mutating proxy) gets no warning from its certificate.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPki {
  dir: string;
  caFile: string;
  caPem: string;
  certPem: string;
  keyPem: string;
  cleanup(): void;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: 'pipe' });
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** `aia`: the OCSP URL the leaf's Authority Information Access names (a hostile target's choice). */
export function makeTestPki(names: readonly string[], rootName = 'Harness Test Root', options: { aia?: string } = {}): TestPki {
  const dir = mkdtempSync(join(tmpdir(), 'harness-target-pki-'));
  openssl(
    [
      'req',
      '-x509',
      ...EC,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-subj',
      `/CN=${rootName}`,
      '-days',
      '30',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  openssl(['req', ...EC, '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', `/CN=${names[0]}`], dir);
  writeFileSync(
    join(dir, 'leaf.ext'),
    `subjectAltName=${names.map((n) => `DNS:${n}`).join(',')}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n${options.aia ? `authorityInfoAccess=OCSP;URI:${options.aia}\n` : ''}`,
  );
  openssl(
    ['x509', '-req', '-in', 'leaf.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '30', '-extfile', 'leaf.ext', '-out', 'leaf.pem'],
    dir,
  );
  const read = (f: string): string => readFileSync(join(dir, f), 'utf8');
  return {
    dir,
    caFile: join(dir, 'ca.pem'),
    caPem: read('ca.pem'),
    certPem: read('leaf.pem'),
    keyPem: read('leaf.key'),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
