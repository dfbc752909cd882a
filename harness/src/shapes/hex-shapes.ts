import { regexShape } from './shape';

/** Hexadecimal shapes: lowercase names are lowercase hex, uppercase names uppercase hex; an `either-case` name, either. */

export const hex = regexShape('hex', /^[0-9a-f]+$/, 22, 'Lowercase hexadecimal digits, any length.', ['0', 'deadbeef'], ['', 'DEADBEEF', 'xyz']);
export const HEX = regexShape('HEX', /^[0-9A-F]+$/, 22, 'Uppercase hexadecimal digits, any length.', ['0', 'DEADBEEF'], ['', 'deadbeef', 'XYZ']);

export const hex32 = regexShape(
  'hex32',
  /^[0-9a-f]{32}$/,
  60,
  '32 lowercase hex digits (an MD5-sized id: visitor id, media "rev=" value).',
  ['6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b', '00000000000000000000000000000000'],
  ['6C1F0E3A9B8D4E2F8A7B6C5D4E3F2A1B', '6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1', '6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1bc', 'gc1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b'],
);

export const HEX32 = regexShape(
  'HEX32',
  /^[0-9A-F]{32}$/,
  60,
  '32 uppercase hex digits.',
  ['6C1F0E3A9B8D4E2F8A7B6C5D4E3F2A1B'],
  ['6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b', '6C1F0E3A9B8D4E2F8A7B6C5D4E3F2A1', 'GC1F0E3A9B8D4E2F8A7B6C5D4E3F2A1B'],
);

const H64 = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

export const hex64 = regexShape(
  'hex64',
  /^[0-9a-f]{64}$/,
  70,
  '64 lowercase hex digits (a SHA-256: ARRAffinity, an hmac, a platform script hash).',
  [H64],
  [H64.toUpperCase(), H64.slice(1), H64 + '0', 'g' + H64.slice(1)],
);

export const hex64EitherCase = regexShape(
  'hex64-either-case',
  /^[0-9a-fA-F]{64}$/,
  65,
  '64 hex digits in either case, where the description says "64 hex chars" and no case (ARRAffinity).',
  [H64, H64.toUpperCase()],
  [H64.slice(1), H64 + '0', 'g' + H64.slice(1), `"${H64}"`],
);

export const HEX64 = regexShape(
  'HEX64',
  /^[0-9A-F]{64}$/,
  70,
  '64 uppercase hex digits (an uppercase SHA-256).',
  [H64.toUpperCase()],
  [H64, H64.toUpperCase().slice(1), `"${H64.toUpperCase()}"`],
);

export const quotedHEX64 = regexShape(
  'quoted-HEX64',
  /^"[0-9A-F]{64}"$/,
  90,
  'An ETag holding 64 uppercase hex digits in double quotes (the OCSP responder: SHA-256 of the body).',
  [`"${H64.toUpperCase()}"`],
  [H64.toUpperCase(), `"${H64}"`, `W/"${H64.toUpperCase()}"`, `"${H64.toUpperCase().slice(1)}"`],
);

export const iisEtag = regexShape(
  'iis-etag',
  /^"[0-9a-fA-F]{1,16}:0"$/,
  80,
  'An IIS static-file ETag: a quoted hex FILETIME (bytes without zero padding; IIS writes lowercase, the description says only "<hex>") followed by ":0".',
  ['"0d6835d694bd81:0"', '"1d84b5f2c3a9e7:0"', '"0D6835D694BD81:0"'],
  ['0d6835d694bd81:0', '"0d6835d694bd81:1"', 'W/"0d6835d694bd81:0"', '"":0', '"0g6835d694bd81:0"'],
);

export const shopifyEtag = regexShape(
  'shopify-etag',
  /^(?:cacheable:[0-9a-fA-F]{32}|(?:W\/)?"cacheable:[0-9a-fA-F]{32}")$/,
  85,
  'A storefront page ETag: cacheable:<32 hex> (either case: the description gives no case), bare, quoted, or weak W/"cacheable:<32 hex>".',
  [
    'cacheable:6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b',
    'W/"cacheable:6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b"',
    '"cacheable:6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b"',
    '"cacheable:6C1F0E3A9B8D4E2F8A7B6C5D4E3F2A1B"',
  ],
  ['cacheable:6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1', 'W/cacheable:6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b', '"cacheable:6g1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b"'],
);

export const cfRay = regexShape(
  'cf-ray',
  /^[0-9a-f]{16}-[A-Z]{3}$/,
  85,
  'A Cloudflare CF-RAY: 16 lowercase hex digits, "-", a 3-letter data-centre code.',
  ['8715f2c3a9e7b4d1-LHR'],
  ['8715f2c3a9e7b4d1', '8715f2c3a9e7b4d-LHR', '8715f2c3a9e7b4d1-lhr', '8715F2C3A9E7B4D1-LHR'],
);

export const analyticsCookie = regexShape(
  'analytics-cookie',
  /^[0-9a-fA-F]{32}\|(?:True|False)$/,
  90,
  'The visitor-identification cookie value: a 32-hex visitor id (either case: the description gives no case), "|", then True or False.',
  ['6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b|False', '6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b|True', '6C1F0E3A9B8D4E2F8A7B6C5D4E3F2A1B|False'],
  [
    '6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b|true',
    '6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b',
    '6c1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b%7CFalse',
    '6g1f0e3a9b8d4e2f8a7b6c5d4e3f2a1b|False',
  ],
);
