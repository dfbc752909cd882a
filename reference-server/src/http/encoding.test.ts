import { chooseEncoding } from './encoding';

const site = ['gzip'] as const;
const cdn = ['br', 'gzip'] as const;

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'gzip'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br', 'identity'],
    ['gzip;q=0', 'identity'],
    ['gzip;q=0, br', 'identity'],
    ['identity', 'identity'],
    ['*', 'gzip'],
    ['*;q=0', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('site static (gzip only) with %p -> %p', (ae, expected) => {
    expect(chooseEncoding(ae === undefined ? {} : { 'accept-encoding': ae }, site)).toBe(expected);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['deflate', 'identity'],
    ['identity;q=0, br', 'br'],
    ['*', 'br'],
  ])('asset host (br, gzip) with %p -> %p', (ae, expected) => {
    expect(chooseEncoding({ 'accept-encoding': ae }, cdn)).toBe(expected);
  });
});
