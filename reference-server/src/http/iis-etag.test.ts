import { fileTimeOf, iisEtag, mtimeNsOfDate } from './iis-etag';

describe('iisEtag', () => {
  it('matches the documented IIS example', () => {
    expect(iisEtag(mtimeNsOfDate(new Date('2022-04-08T16:54:52Z')))).toBe('"0d6835d694bd81:0"');
  });

  it('converts to FILETIME (100 ns since 1601)', () => {
    expect(fileTimeOf(0n)).toBe(116444736000000000n);
    expect(fileTimeOf(mtimeNsOfDate(new Date('2022-04-08T16:54:52Z')))).toBe(0x01d84b695d83d600n);
  });

  it('keeps sub-second precision, as NTFS does', () => {
    const whole = mtimeNsOfDate(new Date('2022-04-08T16:54:52Z'));
    // +12345 units of 100 ns: FILETIME 0x01d84b695d840639, bytes 39 06 84 5d 69 4b d8 01.
    expect(iisEtag(whole + 1234500n)).toBe('"396845d694bd81:0"');
  });

  it('prints each byte without zero padding', () => {
    // FILETIME 0 (1601-01-01) is eight 0x00 bytes, each printed as a single "0".
    expect(iisEtag(-116444736000000000n * 100n)).toBe('"00000000:0"');
  });
});
