import { regexShape, type Shape } from './shape';

/** Shapes of tokens and encodings. */

export const any: Shape = {
  name: 'any',
  description: 'Any value, including the empty string (only presence is checked).',
  examples: ['', 'anything at all', 'Lessons site'],
  counterExamples: [],
  specificity: 0,
  test: () => true,
};

export const empty = regexShape('empty', /^$/, 100, 'The empty string.', [''], [' ', '0']);

export const urlSafeToken = regexShape(
  'url-safe-token',
  /^[A-Za-z0-9._~-]+$/,
  10,
  'A token of URL-safe characters (RFC 3986 unreserved: letters, digits, "-", ".", "_", "~"), e.g. an anti-forgery token.',
  ['CfDJ8Mx-3kQ_aZ.b~1', 'abc'],
  ['', 'has space', 'a+b', 'a/b', 'a=b'],
);

export const base64: Shape = {
  name: 'base64',
  description: 'Standard base64 (RFC 4648 §4: A-Z a-z 0-9 + /), padded or not.',
  examples: ['d3d3LmV4YW1wbGUuY29t', 'aGk=', 'a+b/cw=='],
  counterExamples: ['', 'a', 'a-b_', 'aGk===', 'a=bc'],
  specificity: 12,
  test: (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && validBase64Length(v),
};

export const base64url: Shape = {
  name: 'base64url',
  description: 'base64url (RFC 4648 §5: A-Z a-z 0-9 - _), unpadded or padded with "=".',
  examples: ['d3d3LmV4YW1wbGUuY29t', 'aGk', 'a-b_cw=='],
  counterExamples: ['', 'a', 'a+b/', 'aGk===', 'has space'],
  specificity: 15,
  test: (v) => /^[A-Za-z0-9_-]+={0,2}$/.test(v) && validBase64Length(v),
};

/** Unpadded lengths leave 0, 2 or 3 characters in the last group; padded ones are whole groups. */
function validBase64Length(v: string): boolean {
  const pad = v.length - v.replace(/=+$/, '').length;
  if (pad > 0) return v.length % 4 === 0;
  return v.length % 4 !== 1;
}

export const urlEncodedJson: Shape = {
  name: 'url-encoded-json',
  description: 'A JSON object or array, percent-encoded (a consent cookie such as _tracking_consent or _cmp_a).',
  examples: ['%7B%22v%22%3A%222.1%22%2C%22reg%22%3A%22%22%7D', '%5B1%2C2%5D'],
  counterExamples: ['{"v":"2.1"}', '%7Bnot json', 'plain', '%22string%22'],
  specificity: 50,
  test(v) {
    if (!/^%(7B|5B)/i.test(v) || /[\s"{}[\],;]/.test(v)) return false;
    try {
      const parsed: unknown = JSON.parse(decodeURIComponent(v));
      return typeof parsed === 'object' && parsed !== null;
    } catch {
      return false;
    }
  },
};

export const countryCode = regexShape(
  'country-code',
  /^[A-Z]{2}$/,
  60,
  'An ISO 3166-1 alpha-2 country code, uppercase (the localization cookie).',
  ['US', 'GB', 'DE'],
  ['us', 'USA', 'U', 'U1'],
);
