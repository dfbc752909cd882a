import { configErrorOf } from '../testing/config-error-of';
import { parseResolveEntry, parseResolveList } from './resolve';

const SRC = { variable: 'TARGET_RESOLVE' };

const errorOf = configErrorOf;

describe('parseResolveEntry', () => {
  it('reads the --resolve form, connect port = port', () => {
    expect(parseResolveEntry('www.x.test:443:127.0.0.1', SRC)).toEqual({
      host: 'www.x.test',
      port: 443,
      address: '127.0.0.1',
      addresses: ['127.0.0.1'],
      connectPort: 443,
      source: 'www.x.test:443:127.0.0.1',
    });
  });

  it('reads the --connect-to form with another port', () => {
    expect(parseResolveEntry('www.x.test:443:10.0.0.5:8443', SRC)).toMatchObject({ port: 443, address: '10.0.0.5', connectPort: 8443 });
  });

  it('strips the brackets of an IPv6 address and keeps the entry as written', () => {
    expect(parseResolveEntry(' r10.o.test:80:[::1]:8080 ', SRC)).toEqual({
      host: 'r10.o.test',
      port: 80,
      address: '::1',
      addresses: ['::1'],
      connectPort: 8080,
      source: 'r10.o.test:80:[::1]:8080',
    });
  });

  it('lower-cases the host and accepts localhost as the address', () => {
    expect(parseResolveEntry('WWW.X.Test:443:LocalHost', SRC)).toMatchObject({ host: 'www.x.test', address: 'localhost' });
  });

  it.each([
    ['www.x.test:443', 'does not parse'],
    ['www.x.test', 'does not parse'],
    ['www.x.test:443:127.0.0.1:8443:9', 'does not parse'],
    ['www.x.test:443:[::1', 'does not parse'],
    [':443:127.0.0.1', 'has an empty host'],
    ['www x.test:443:127.0.0.1', 'has an invalid host name'],
    ['www.x.test:0:127.0.0.1', 'has port "0", not a number in 1..65535'],
    ['www.x.test:65536:127.0.0.1', 'has port "65536"'],
    ['www.x.test:https:127.0.0.1', 'has port "https"'],
    ['www.x.test::127.0.0.1', 'has port ""'],
    ['www.x.test:443:', 'has an empty address'],
    ['www.x.test:443:127.0.0', 'has address "127.0.0", which is not an IPv4 address'],
    ['www.x.test:443:staging.example.com', 'has address "staging.example.com"'],
    ['www.x.test:443:[127.0.0.1]', 'has address "[127.0.0.1]"'],
    ['www.x.test:443:127.0.0.1:70000', 'has connect port "70000"'],
    ['www.x.test:443:127.0.0.1:', 'has connect port ""'],
  ])('rejects %s', (entry, reason) => {
    const err = errorOf(() => parseResolveEntry(entry, SRC));
    expect(err.variable).toBe('TARGET_RESOLVE');
    expect(err.value).toBe(entry);
    expect(err.message).toContain(`TARGET_RESOLVE: ${JSON.stringify(entry)} ${reason}`);
  });

  it('refuses an IPv6 address without brackets (its colons would be fields)', () => {
    expect(() => parseResolveEntry('www.x.test:443:::1', SRC)).toThrow(/TARGET_RESOLVE: "www.x.test:443:::1"/);
  });
});

describe('parseResolveList', () => {
  it('splits comma-separated entries and trims them', () => {
    const list = parseResolveList('www.x.test:443:127.0.0.1, r10.o.test:80:127.0.0.1:8080', SRC);
    expect(list.map((e) => e.source)).toEqual(['www.x.test:443:127.0.0.1', 'r10.o.test:80:127.0.0.1:8080']);
  });

  it('refuses an empty entry (a stray comma)', () => {
    expect(() => parseResolveList('www.x.test:443:127.0.0.1,', SRC)).toThrow('TARGET_RESOLVE: "" is an empty entry');
  });

  it('refuses two different targets for one host:port, case-insensitively', () => {
    const err = errorOf(() => parseResolveList('www.x.test:443:127.0.0.1,WWW.x.test:443:127.0.0.2', SRC));
    expect(err.message).toContain('"WWW.x.test:443:127.0.0.2" conflicts with the earlier entry "www.x.test:443:127.0.0.1"');
  });

  it('tolerates an exact repeat', () => {
    expect(parseResolveList('www.x.test:443:127.0.0.1,www.x.test:443:127.0.0.1', SRC)).toHaveLength(2);
  });

  it("takes curl's several addresses of one name: the items after an entry that are bare addresses are its nodes", () => {
    const list = parseResolveList('www.x.test:443:10.0.0.5,10.0.0.6,[::1], api.x.test:443:10.0.0.7', SRC);
    expect(list.map((e) => [e.host, e.address, e.addresses])).toEqual([
      ['www.x.test', '10.0.0.5', ['10.0.0.5', '10.0.0.6', '::1']],
      ['api.x.test', '10.0.0.7', ['10.0.0.7']],
    ]);
    expect(list[0].source).toBe('www.x.test:443:10.0.0.5,10.0.0.6,[::1]');
  });

  it("gives the connect-to form's port to every address, and the file form (one string) the same addresses", () => {
    expect(parseResolveList('www.x.test:443:10.0.0.5:8443,10.0.0.6', SRC)[0]).toMatchObject({ addresses: ['10.0.0.5', '10.0.0.6'], connectPort: 8443 });
    expect(parseResolveEntry('www.x.test:443:10.0.0.5,10.0.0.6', SRC).addresses).toEqual(['10.0.0.5', '10.0.0.6']);
  });

  it('refuses an address listed twice, an item that is neither entry nor address, and a different node list for one name', () => {
    expect(() => parseResolveList('www.x.test:443:10.0.0.5,10.0.0.5', SRC)).toThrow(
      'TARGET_RESOLVE: "www.x.test:443:10.0.0.5,10.0.0.5" lists the address 10.0.0.5 twice',
    );
    expect(() => parseResolveEntry('www.x.test:443:10.0.0.5,nodeb', SRC)).toThrow(
      'TARGET_RESOLVE: "www.x.test:443:10.0.0.5,nodeb" has address "nodeb", which is not an IPv4 address',
    );
    expect(() => parseResolveList('www.x.test:443:10.0.0.5,10.0.0.6,www.x.test:443:10.0.0.5', SRC)).toThrow('conflicts with the earlier entry');
  });
});
