import { loadTargetMap } from '../target-map';
import { RUNNER_NETWORK_PATTERNS } from './confinement';
import { browserRefusal } from './request-gate';

const map = loadTargetMap({ TARGET_URL: 'https://www.lessons.test:8443', TARGET_RESOLVE: 'www.lessons.test:8443:127.0.0.1' });

/** Chromium's resolver-rule match (base::MatchPattern: `*` any run, `?` one character), against the host or host:port. */
function matches(pattern: string, host: string, port: number): boolean {
  const re = new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
  const bare = host.replace(/^\[|\]$/g, '');
  return re.test(bare) || re.test(`${host}:${port}`);
}
const patternFor = (host: string) => RUNNER_NETWORK_PATTERNS.find((p) => matches(p, host, 443));

describe('browserRefusal', () => {
  it('refuses a resource off the map on the runner’s own network, and anything link-local or metadata, but not a public third party', () => {
    expect(browserRefusal(map, 'https://127.0.0.2:6379/x.png', false)).toMatch(/on the runner's own network/);
    expect(browserRefusal(map, 'http://169.254.169.254/latest/', false)).toMatch(/link-local/);
    expect(browserRefusal(map, 'https://cdn.example.com/x.js', false)).toBeUndefined();
    expect(browserRefusal(map, 'https://cdn.example.com/', true)).toMatch(/nowhere off the map/);
    expect(browserRefusal(map, 'https://www.lessons.test:8443/', true)).toBeUndefined();
  });
});

describe('RUNNER_NETWORK_PATTERNS', () => {
  // Each host the gate refuses as a resource (the runner's network, link-local, metadata, unspecified) and a resolver pattern covers.
  const refused = [
    '127.0.0.2',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.1',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.0.1',
    '100.100.100.200',
    '169.254.169.254',
    '0.0.0.0',
    '[::1]',
    '[fd00:ec2::254]',
    '[fc12::1]',
    '[fe80::1]',
    '[febf::1]',
    '[::ffff:127.0.0.1]',
    'localhost',
    'db.internal',
    'metadata.google.internal',
    'printer.local',
    'box.home.arpa',
    'git.corp',
    'metadata',
  ];
  const allowed = [
    'cdn.example.com',
    '8.8.8.8',
    '172.15.0.1',
    '172.32.0.1',
    '100.63.0.1',
    '100.128.0.1',
    '[2001:db8::1]',
    'fc.example.com',
    'internal.example.com',
    // Public names that begin like an address: the patterns take the dotted-quad shape.
    '0.gravatar.com',
    '10.example.com',
  ];

  it('covers every host the gate refuses as a resource', () => {
    expect(refused.filter((h) => browserRefusal(map, `https://${h}/`, false) === undefined)).toEqual([]);
    expect(refused.filter((h) => patternFor(h) === undefined)).toEqual([]);
  });

  it('leaves public hosts and addresses alone, as the gate does', () => {
    expect(allowed.filter((h) => browserRefusal(map, `https://${h}/`, false) !== undefined)).toEqual([]);
    expect(allowed.map((h) => [h, patternFor(h)]).filter(([, p]) => p !== undefined)).toEqual([]);
  });
});
