/**
 * Throwaway certificates for the tests of the `certs/<role>` flow: a root, an intermediate it
 * signed, and leaves the intermediate signed with the flaw a test asks for (other names, a short
 * life, a weak key, a SHA-1 signature), issued by the openssl CLI so they come from an
 * implementation independent of the code judged. EC P-256 keys unless asked: fast to generate.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LeafOptions {
  names: readonly string[];
  days?: number;
  /** `rsa:1024`, `rsa:2048`; default EC P-256. */
  key?: string;
  /** The signature's hash; default sha256. */
  digest?: string;
}

export interface CertPki {
  dir: string;
  rootPem: string;
  /** The root's file, for TARGET_CA. */
  rootFile: string;
  intermediatePem: string;
  /** A leaf signed by the intermediate: its certificate and key as PEM. */
  leaf(name: string, options: LeafOptions): { certPem: string; keyPem: string };
  /** An OCSP response about leaf `name` (made before), signed by the intermediate: `good` or `revoked`, its nextUpdate `days` ahead (default 1). */
  ocspResponse(name: string, o?: { status?: 'good' | 'revoked'; days?: number }): Buffer;
  cleanup(): void;
}

function keyArgs(key: string | undefined): string[] {
  return key ? ['-newkey', key, '-nodes'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
}

const CA_EXT = 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n';

/** The root and the intermediate live 400 days: a leaf's own days left are what a test judges. */
export function makeCertPki(rootName = 'Certs Test Root', intermediateName = 'Certs Test R1'): CertPki {
  const dir = mkdtempSync(join(tmpdir(), 'harness-certs-pki-'));
  const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const read = (f: string): string => readFileSync(join(dir, f), 'utf8');
  openssl(['req', '-x509', ...keyArgs(undefined), '-keyout', 'root.key', '-out', 'root.pem', '-subj', `/CN=${rootName}`, '-days', '400']);
  writeFileSync(join(dir, 'ca.ext'), CA_EXT);
  openssl(['req', ...keyArgs(undefined), '-keyout', 'int.key', '-out', 'int.csr', '-subj', `/CN=${intermediateName}`]);
  openssl([
    'x509',
    '-req',
    '-in',
    'int.csr',
    '-CA',
    'root.pem',
    '-CAkey',
    'root.key',
    '-CAcreateserial',
    '-days',
    '400',
    '-extfile',
    'ca.ext',
    '-out',
    'int.pem',
  ]);
  return {
    dir,
    rootPem: read('root.pem'),
    rootFile: join(dir, 'root.pem'),
    intermediatePem: read('int.pem'),
    leaf(name, o) {
      const ext = `subjectAltName=${o.names.map((n) => `DNS:${n}`).join(',')}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\nauthorityInfoAccess=caIssuers;URI:http://ca.test/r1.der\n`;
      writeFileSync(join(dir, `${name}.ext`), ext);
      openssl(['req', ...keyArgs(o.key), '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${o.names[0]}`]);
      openssl([
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'int.pem',
        '-CAkey',
        'int.key',
        '-CAcreateserial',
        '-days',
        String(o.days ?? 2),
        `-${o.digest ?? 'sha256'}`,
        '-extfile',
        `${name}.ext`,
        '-out',
        `${name}.pem`,
      ]);
      return { certPem: read(`${name}.pem`), keyPem: read(`${name}.key`) };
    },
    ocspResponse(name, o = {}) {
      // openssl's responder reads an index of issued certificates: V(alid) or R(evoked), expiry, revocation date, serial, file, subject.
      const serial = /serial=([0-9A-F]+)/i.exec(openssl(['x509', '-in', `${name}.pem`, '-noout', '-serial']).toString())![1];
      const stamp = (d: Date) => `${d.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`;
      const later = stamp(new Date(Date.now() + 400 * 86_400_000));
      const revoked = o.status === 'revoked';
      writeFileSync(
        join(dir, `${name}.index`),
        `${revoked ? 'R' : 'V'}\t${later}\t${revoked ? stamp(new Date(Date.now() - 86_400_000)) : ''}\t${serial}\tunknown\t/CN=${name}\n`,
      );
      openssl(['ocsp', '-issuer', 'int.pem', '-cert', `${name}.pem`, '-no_nonce', '-reqout', `${name}.ocsp-req`]);
      openssl([
        'ocsp',
        '-index',
        `${name}.index`,
        '-rsigner',
        'int.pem',
        '-rkey',
        'int.key',
        '-CA',
        'int.pem',
        '-reqin',
        `${name}.ocsp-req`,
        '-respout',
        `${name}.ocsp`,
        '-ndays',
        String(o.days ?? 1),
      ]);
      return readFileSync(join(dir, `${name}.ocsp`));
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
