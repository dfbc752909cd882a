/**
 * Generated OCSP requests: bodies derived from a valid request (random, truncated, bit-flipped,
 * lying DER lengths, deep nesting, oversized) sent as a POST or base64 in a GET path. A file of its
 * own: the OCSP responder is the one role that parses binary input.
 */
import type { H1Request } from './requests';
import type { Rng } from './rng';

/** OCSP request bodies: random bytes, truncated and bit-flipped valid ones, lying DER lengths. */
export function ocspBody(rng: Rng, valid: Buffer): Buffer {
  const b = Buffer.from(valid);
  switch (rng.int(9)) {
    case 0:
      return rng.bytes(rng.int(200));
    case 1:
      return b.subarray(0, rng.int(b.length));
    case 2: {
      for (let n = 1 + rng.int(8); n > 0; n--) b[rng.int(b.length)] ^= 1 << rng.int(8);
      return b;
    }
    case 3: {
      // Long-form lengths that claim gigabytes, at the top level or at an inner SEQUENCE.
      const at = rng.chance(0.5) ? 0 : Math.max(0, b.indexOf(0x30, 2 + rng.int(20)));
      const huge = rng.pick([
        Buffer.from([0x84, 0xff, 0xff, 0xff, 0xff]),
        Buffer.from([0x88, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
        Buffer.from([0x80]),
        Buffer.from([0x8f]),
        Buffer.from([0x81, 0x00]),
      ]);
      return Buffer.concat([b.subarray(0, at + 1), huge, b.subarray(at + 2)]);
    }
    case 4:
      // Deep nesting.
      return Buffer.concat([Buffer.from(Array.from({ length: 2000 }, (_, i) => (i % 2 ? 0x80 : 0x30))), b]);
    case 5:
      return Buffer.concat([b, rng.bytes(1 + rng.int(16))]);
    case 6:
      return rng.chance(0.5) ? Buffer.alloc(0) : rng.bytes(10_001 + rng.int(1000));
    case 7: {
      // A valid request with one byte changed to every value class at one position.
      b[rng.int(b.length)] = rng.pick([0x00, 0xff, 0x80, 0x30, 0x02, 0x05]);
      return b;
    }
    default:
      return b;
  }
}

/** An OCSP request over HTTP/1.1 (POST of a body, or GET of its base64 in the path). */
export function ocspRequest(rng: Rng, valid: Buffer, servername?: string): H1Request {
  const host = rng.pick(['r10.o.pki.test', 'r11.o.pki.test']);
  const body = ocspBody(rng, valid);
  const type = rng.chance(0.85) ? 'application/ocsp-request' : rng.pick(['application/ocsp-request; charset=x', 'text/plain', '', 'application/OCSP-request']);
  if (rng.chance(0.3)) {
    let b64 = body.toString(rng.chance(0.5) ? 'base64' : 'base64url');
    b64 = rng.pick([b64, encodeURIComponent(b64), b64.replace(/\+/g, ' ').replace(/ /g, '%20'), b64.replace(/\//g, '%2F'), `${b64}%`, b64.slice(0, -1)]);
    const bytes = Buffer.from(`GET /${b64} HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 'latin1');
    return { label: `OCSP GET /${b64.slice(0, 60)}`, bytes, head: false, servername, mayWait: false };
  }
  const declared = rng.chance(0.03) ? rng.pick([10_001, 2 ** 31, 99999999]) : body.length;
  const lying = declared !== body.length;
  const head = `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Type: ${type}\r\nContent-Length: ${declared}\r\n${lying ? 'Connection: close\r\n' : ''}\r\n`;
  return {
    label: `OCSP POST ${body.length} bytes (declared ${declared})`,
    bytes: Buffer.concat([Buffer.from(head, 'latin1'), body]),
    head: false,
    servername,
    mayWait: false,
  };
}
