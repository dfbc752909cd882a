import { regexShape } from './shape';

/** Identifier shapes: GUIDs, request ids, session ids, edge references. */

export const alnumLower24 = regexShape(
  'alnum-lower24',
  /^[a-z0-9]{24}$/,
  50,
  '24 lowercase letters or digits (the ASP.NET session id).',
  ['k3j4h5g6f7d8s9a0q1w2e3r4', 'abcdefghijklmnopqrstuvwx'],
  ['K3J4H5G6F7D8S9A0Q1W2E3R4', 'k3j4h5g6f7d8s9a0q1w2e3r', 'k3j4h5g6f7d8s9a0q1w2e3r45', 'k3j4h5g6f7d8s9a0q1w2e3r-'],
);

export const guid = regexShape(
  'guid',
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
  55,
  'A GUID in its hyphenated 8-4-4-4-12 hex form, either case (a lesson-plan id).',
  ['3f2504e0-4f89-11d3-9a0c-0305e82c3301', '3F2504E0-4F89-11D3-9A0C-0305E82C3301'],
  ['3f2504e04f8911d39a0c0305e82c3301', '{3f2504e0-4f89-11d3-9a0c-0305e82c3301}', '3f2504e0-4f89-11d3-9a0c-0305e82c330', 'zf2504e0-4f89-11d3-9a0c-0305e82c3301'],
);

export const uuid = regexShape(
  'uuid',
  /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  58,
  'An RFC 9562 UUID, lowercase, with a version (1-8) and the RFC variant (the keep_alive cookie).',
  ['f47ac10b-58cc-4372-a567-0e02b2c3d479'],
  ['F47AC10B-58CC-4372-A567-0E02B2C3D479', 'f47ac10b-58cc-0372-a567-0e02b2c3d479', 'f47ac10b-58cc-4372-c567-0e02b2c3d479', 'f47ac10b58cc4372a5670e02b2c3d479'],
);

export const requestId = regexShape(
  'request-id',
  /^(?:\{[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}\}|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}|[0-9a-fA-F]{32})$/,
  45,
  'A uuid-ish request id (x-ms-request-id, request trace ids): a GUID with or without hyphens, optionally in braces, either case.',
  ['5d8e1c2a-e01e-0066-3d5c-4b8e7f000000', '5d8e1c2ae01e00663d5c4b8e7f000000', '{5D8E1C2A-E01E-0066-3D5C-4B8E7F000000}'],
  ['5d8e1c2a-e01e-0066-3d5c', '5d8e1c2a-e01e-0066-3d5c-4b8e7f00000g', '{5d8e1c2ae01e00663d5c4b8e7f000000}', 'req-123'],
);

export const azureRef = regexShape(
  'azure-ref',
  /^(?:[0-9]{8}T[0-9]{6}Z-[0-9A-Za-z]{16,}|0[0-9A-Za-z+/]{20,}={0,2}(?: Ref [A-C]: [^\r\n]+)*)$/,
  75,
  'An Azure Front Door / CDN reference (x-azure-ref): "<yyyyMMddTHHmmssZ>-<alphanumerics>", or the older "0<base64>" form optionally followed by "Ref A/B/C" parts.',
  [
    '20240408T165452Z-15f8d7b9c8c9fs8dhC1SG1ntzs00000001ag000000000d3q',
    '0mVwUZgAAAAB7yq2Lh3SjT5QbyuVjUAyeTE9OMjFFREdFMDYxNgA5ZmM3YjUxOS1hOGNjLTRmODktYjFkNS1jZDIyOTg0YmMyZmM=',
  ],
  ['20240408T165452Z', '2024-04-08T16:54:52Z-15f8d7b9c8c9fs8d', '1mVwUZgAAAAB7yq2Lh3SjT5', 'abc'],
);

export const traceparent = regexShape(
  'traceparent',
  /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/,
  80,
  'A W3C Trace Context traceparent: version, 32-hex trace id, 16-hex parent id and flags, joined by "-", lowercase.',
  ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'],
  ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7', '00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01', '4bf92f3577b34da6a3ce929d0e0e4736'],
);
