import { openTls, type TargetMap } from '../../target-map';
import { TransportCause } from '../../transport/cause';

export interface PeerChain {
  leaf: Buffer;
  /** The certificate that issued the leaf, as the handshake's verified chain has it (undefined if self-signed). */
  issuer?: Buffer;
  subject: string;
}

/**
 * The certificate chain a target presents for `url`'s name (SNI), connected as every client of the
 * map connects (resolve rules, roots, a proxy tunnel where HTTPS_PROXY applies), within the connect timeout.
 */
export async function peerChain(map: TargetMap, url: URL): Promise<PeerChain> {
  const socket = await openTls(map, url, ['http/1.1']);
  const cert = socket.getPeerCertificate(true);
  socket.destroy();
  if (!cert?.raw) throw new TransportCause('HARNESS_ERR_NO_CERTIFICATE', `${url.host} presented no certificate`);
  const issuer = cert.issuerCertificate && cert.issuerCertificate.fingerprint256 !== cert.fingerprint256 ? cert.issuerCertificate.raw : undefined;
  return { leaf: cert.raw, ...(issuer ? { issuer } : {}), subject: cert.subject?.CN ? `CN=${String(cert.subject.CN)}` : url.hostname };
}
