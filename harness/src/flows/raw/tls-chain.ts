import * as tls from 'node:tls';
import { tlsConnectOptions, type TargetMap } from '../../target';
import { limits } from '../../transport/limits';

export interface PeerChain {
  leaf: Buffer;
  /** The certificate that issued the leaf, as the handshake's verified chain has it (undefined if self-signed). */
  issuer?: Buffer;
  subject: string;
}

/** The certificate chain a target presents for `url`'s name (SNI), under the map's resolve rules and roots. */
export function peerChain(map: TargetMap, url: URL): Promise<PeerChain> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect(tlsConnectOptions(map, url, ['http/1.1']));
    const ms = limits().connectTimeoutMs;
    const timer = setTimeout(() => socket.destroy(new Error(`TLS handshake with ${url.host} not done within ${ms} ms`)), ms);
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      const cert = socket.getPeerCertificate(true);
      socket.destroy();
      if (!cert?.raw) return reject(new Error(`${url.host} presented no certificate`));
      const issuer = cert.issuerCertificate && cert.issuerCertificate.fingerprint256 !== cert.fingerprint256 ? cert.issuerCertificate.raw : undefined;
      resolve({ leaf: cert.raw, ...(issuer ? { issuer } : {}), subject: cert.subject?.CN ? `CN=${String(cert.subject.CN)}` : url.hostname });
    });
  });
}
