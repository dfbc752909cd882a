/** Shared by the tests of this folder: a small PKI of its own (one live leaf per issuer, one revoked). */
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as pkijs from 'pkijs';
import '../../pki/engine';
import { loadOrCreatePki, type IssuedLeaf, type ReferencePki } from '../../pki';

export const TEST_HOSTS = [
  { role: 'site', names: ['www.lessons.test'] },
  { role: 'bare', names: ['lessons.test'] },
  { role: 'revoked', names: ['revoked.lessons.test'], revoked: { reason: 'keyCompromise' as const, at: '2025-01-02T03:04:05Z' } },
];

export async function issueTestPki(): Promise<{ pki: ReferencePki; cleanup(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ocsp-pki-'));
  const pki = await loadOrCreatePki({ dir, hosts: TEST_HOSTS, ocspNames: { R10: 'r10.o.pki.test', R11: 'r11.o.pki.test' } });
  return { pki, cleanup: () => fs.rm(dir, { recursive: true, force: true }) };
}

export function certificateOf(pem: string): pkijs.Certificate {
  const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
  return pkijs.Certificate.fromBER(new Uint8Array(der));
}

export const leafOf = (pki: ReferencePki, role: string): IssuedLeaf => pki.leaves.find((l) => l.role === role)!;
export const issuerOf = (pki: ReferencePki, leaf: IssuedLeaf) => pki.intermediates.find((i) => i.name === leaf.issuer)!;

/** A DER OCSPRequest as pkijs builds it (byte-identical to `openssl ocsp -no_nonce -reqout`). */
export async function requestFor(
  pki: ReferencePki,
  leaf: IssuedLeaf,
  options: { hash?: string; nonce?: boolean; extraCertIds?: number } = {},
): Promise<Buffer> {
  const request = new pkijs.OCSPRequest();
  await request.createForCertificate(certificateOf(leaf.certPem), {
    hashAlgorithm: options.hash ?? 'SHA-1',
    issuerCertificate: certificateOf(issuerOf(pki, leaf).certPem),
  });
  for (let i = 0; i < (options.extraCertIds ?? 0); i++) request.tbsRequest.requestList.push(request.tbsRequest.requestList[0]);
  if (options.nonce) {
    request.tbsRequest.requestExtensions = [
      new pkijs.Extension({ extnID: '1.3.6.1.5.5.7.48.1.2', extnValue: new Uint8Array([4, 16, ...new Uint8Array(16).fill(7)]).buffer }),
    ];
  }
  return Buffer.from(request.toSchema(true).toBER());
}

export function basicResponseOf(der: Uint8Array): pkijs.BasicOCSPResponse {
  const response = pkijs.OCSPResponse.fromBER(new Uint8Array(der));
  return pkijs.BasicOCSPResponse.fromBER(new Uint8Array(response.responseBytes!.response.valueBlock.valueHexView));
}
