import { CliError, parseCli, USAGE } from './cli-options';

const KINDS = '(KIND one of drop-header=NAME, header=NAME:VALUE, no-intermediate, revoked-leaf, expiring-leaf=DAYS)';

describe('reference CLI options', () => {
  test('defaults leave ports to the server', () => {
    expect(parseCli([], {})).toEqual({ json: false, help: false, exitWithStdin: false, http3: 'auto' });
  });
  test('ports, section, pki dir, json', () => {
    expect(parseCli(['--port', '0', '--http-port', '9090', '--section', 'assets', '--pki-dir', 'x', '--json'], {})).toEqual({
      port: 0,
      httpPort: 9090,
      section: 'assets',
      pkiDir: 'x',
      json: true,
      help: false,
      exitWithStdin: false,
      http3: 'auto',
    });
    expect(parseCli(['--exit-with-stdin'])).toMatchObject({ exitWithStdin: true });
    expect(parseCli(['--targets-file', 'staging.json'], {})).toMatchObject({ targetsFile: 'staging.json' });
    expect(() => parseCli(['--targets-file', ' '], {})).toThrow(/--targets-file: give a file to write/);
  });
  test('the OCSP ResponderID form', () => {
    expect(parseCli(['--ocsp-responder-id', 'byKey'], {})).toEqual({ json: false, help: false, exitWithStdin: false, http3: 'auto', ocspResponderId: 'byKey' });
    expect(parseCli(['--deployment', 'alt'], {})).toEqual({ json: false, help: false, exitWithStdin: false, http3: 'auto', deployment: 'alt' });
  });
  test('HTTP/3: where Caddy is installed by default, required, or off; the edge port', () => {
    expect(parseCli(['--http3', '--h3-port', '9443'])).toMatchObject({ http3: true, h3Port: 9443 });
    expect(parseCli(['--no-http3'])).toMatchObject({ http3: false });
  });
  test.each([
    [['--port', 'abc'], /--port: "abc" is not a port/],
    [['--port', '70000'], /--port: "70000"/],
    [['--http-port', '-1'], /http-port/],
    [['--section', 'a/b'], /--section: "a\/b"/],
    [['--bogus'], /bogus/],
    [['--ocsp-responder-id', 'byHash'], /--ocsp-responder-id: "byHash"/],
    [['--deployment', 'staging'], /--deployment: "staging" is not reference or alt/],
    [['--http3', '--no-http3'], /--http3 and --no-http3 contradict each other/],
    [['--h3-port', 'x'], /--h3-port: "x" is not a port/],
  ])('%j is refused with a message naming it', (argv, message) => {
    expect(() => parseCli(argv, {})).toThrow(CliError);
    expect(() => parseCli(argv, {})).toThrow(message);
  });
  test('the REFERENCE_* variables where no flag says; a flag wins; an empty one is unset', () => {
    const env = { REFERENCE_PKI_DIR: '/pki', REFERENCE_DEPLOYMENT: 'alt', REFERENCE_OCSP_RESPONDER_ID: 'byKey', REFERENCE_HTTP3: '0' };
    expect(parseCli([], env)).toMatchObject({ pkiDir: '/pki', deployment: 'alt', ocspResponderId: 'byKey', http3: false });
    expect(parseCli(['--pki-dir', 'x', '--deployment', 'reference', '--ocsp-responder-id', 'byName', '--http3'], env)).toMatchObject({
      pkiDir: 'x',
      deployment: 'reference',
      ocspResponderId: 'byName',
      http3: true,
    });
    expect(parseCli([], { REFERENCE_HTTP3: '1' })).toMatchObject({ http3: true });
    expect(parseCli([], { REFERENCE_PKI_DIR: '', REFERENCE_DEPLOYMENT: '', REFERENCE_HTTP3: '' })).toEqual({
      json: false,
      help: false,
      exitWithStdin: false,
      http3: 'auto',
    });
  });
  test('nodes and their deviations: flags, or the variables where no flag says', () => {
    expect(
      parseCli(
        [
          '--nodes',
          '3',
          '--node-deviation',
          '2:drop-header=X-Frame-Options',
          '--node-deviation',
          '3:header=Server: IIS, 10',
          '--node-deviation',
          '2:no-intermediate',
        ],
        {},
      ),
    ).toMatchObject({
      nodes: 3,
      nodeDeviations: [
        { node: 2, kind: 'drop-header', name: 'X-Frame-Options' },
        { node: 3, kind: 'header', name: 'Server', value: 'IIS, 10' },
        { node: 2, kind: 'no-intermediate' },
      ],
    });
    // In the variable a comma starts the next item only before `K:`: a header value keeps its commas.
    const env = { REFERENCE_NODES: '3', REFERENCE_NODE_DEVIATIONS: '2:drop-header=x-a, 3:header=Cache-Control:no-cache, private,2:no-intermediate' };
    expect(parseCli([], env)).toMatchObject({
      nodes: 3,
      nodeDeviations: [
        { node: 2, kind: 'drop-header', name: 'x-a' },
        { node: 3, kind: 'header', name: 'Cache-Control', value: 'no-cache, private' },
        { node: 2, kind: 'no-intermediate' },
      ],
    });
    expect(parseCli(['--nodes', '2', '--node-deviation', '2:no-intermediate'], env)).toMatchObject({
      nodes: 2,
      nodeDeviations: [{ node: 2, kind: 'no-intermediate' }],
    });
    expect(parseCli(['--nodes', '8'], {})).toMatchObject({ nodes: 8 });
    expect(parseCli(['--nodes', '1'], {})).toEqual({ json: false, help: false, exitWithStdin: false, http3: 'auto', nodes: 1 });
    expect(parseCli([], { REFERENCE_NODES: '', REFERENCE_NODE_DEVIATIONS: '' })).toEqual({ json: false, help: false, exitWithStdin: false, http3: 'auto' });
  });
  test('leaf deviations: revoked-leaf, expiring-leaf=DAYS, each beside no-intermediate on one node; in --help', () => {
    const argv = ['--nodes', '3', '--node-deviation', '2:revoked-leaf', '--node-deviation', '3:expiring-leaf=5', '--node-deviation', '3:no-intermediate'];
    const nodeDeviations = [
      { node: 2, kind: 'revoked-leaf' },
      { node: 3, kind: 'expiring-leaf', days: 5 },
      { node: 3, kind: 'no-intermediate' },
    ];
    expect(parseCli(argv, {})).toMatchObject({ nodes: 3, nodeDeviations });
    expect(parseCli([], { REFERENCE_NODES: '3', REFERENCE_NODE_DEVIATIONS: '2:revoked-leaf, 3:expiring-leaf=5,3:no-intermediate' })).toMatchObject({
      nodes: 3,
      nodeDeviations,
    });
    expect(parseCli(['--nodes', '2', '--node-deviation', '2:expiring-leaf=1'], {})).toMatchObject({
      nodeDeviations: [{ node: 2, kind: 'expiring-leaf', days: 1 }],
    });
    expect(parseCli(['--nodes', '2', '--node-deviation', '2:expiring-leaf=30'], {})).toMatchObject({
      nodeDeviations: [{ node: 2, kind: 'expiring-leaf', days: 30 }],
    });
    expect(USAGE).toContain('revoked-leaf (it serves');
    expect(USAGE).toContain('expiring-leaf=DAYS (a leaf of its own that expires DAYS days from start, 1-30)');
  });
  test.each([
    [['--node-deviation', '2:expiring-leaf=0'], {}, '--node-deviation: "2:expiring-leaf=0": 0 is not a number of days from 1 to 30'],
    [['--node-deviation', '2:expiring-leaf=31'], {}, '--node-deviation: "2:expiring-leaf=31": 31 is not a number of days from 1 to 30'],
    [['--node-deviation', '2:expiring-leaf=1.5'], {}, `--node-deviation: "2:expiring-leaf=1.5" has no DAYS: expiring-leaf=DAYS, DAYS a whole number ${KINDS}`],
    [['--node-deviation', '2:expiring-leaf='], {}, `--node-deviation: "2:expiring-leaf=" has no DAYS: expiring-leaf=DAYS, DAYS a whole number ${KINDS}`],
    [['--node-deviation', '2:expiring-leaf'], {}, `--node-deviation: "2:expiring-leaf" is not K:KIND ${KINDS}`],
    [['--node-deviation', '2:revoked-leaf=yes'], {}, `--node-deviation: "2:revoked-leaf=yes" is not K:KIND ${KINDS}`],
    [
      ['--node-deviation', '2:revoked-leaf', '--node-deviation', '2:no-intermediate', '--node-deviation', '2:expiring-leaf=5'],
      {},
      '--node-deviation: node 2 has two leaf deviations, 2:revoked-leaf and 2:expiring-leaf=5: a node serves one leaf per name',
    ],
    [
      [],
      { REFERENCE_NODE_DEVIATIONS: '2:expiring-leaf=5,2:expiring-leaf=7' },
      'REFERENCE_NODE_DEVIATIONS: node 2 has two leaf deviations, 2:expiring-leaf=5 and 2:expiring-leaf=7: a node serves one leaf per name',
    ],
  ] as Array<[string[], NodeJS.ProcessEnv, string]>)('%j with %j (3 nodes) is refused with exactly: %s', (argv, env, message) => {
    const threeNodes = { REFERENCE_NODES: '3', ...env };
    expect(() => parseCli(argv, threeNodes)).toThrow(CliError);
    // An error object: its message is compared whole.
    expect(() => parseCli(argv, threeNodes)).toThrow(new CliError(message));
  });
  test.each([
    [['--nodes', '0'], {}, '--nodes: "0" is not a number of nodes (1-8)'],
    [['--nodes', '9'], {}, '--nodes: "9" is not a number of nodes (1-8)'],
    [['--nodes', 'two'], {}, '--nodes: "two" is not a number of nodes (1-8)'],
    [[], { REFERENCE_NODES: '2.5' }, 'REFERENCE_NODES: "2.5" is not a number of nodes (1-8)'],
    [['--node-deviation', '2:no-intermediate'], {}, '--node-deviation: "2:no-intermediate": node 2 is beyond the 1 node served (--nodes not given)'],
    [['--nodes', '2', '--node-deviation', '3:no-intermediate'], {}, '--node-deviation: "3:no-intermediate": node 3 is beyond the 2 nodes served (--nodes 2)'],
    [
      [],
      { REFERENCE_NODES: '2', REFERENCE_NODE_DEVIATIONS: '3:no-intermediate' },
      'REFERENCE_NODE_DEVIATIONS: "3:no-intermediate": node 3 is beyond the 2 nodes served (REFERENCE_NODES=2)',
    ],
    [
      ['--nodes', '2', '--node-deviation', '1:no-intermediate'],
      {},
      '--node-deviation: "1:no-intermediate": node 1 is the reference itself: only nodes 2 and up deviate',
    ],
    [['--nodes', '2', '--node-deviation', '0:no-intermediate'], {}, '--node-deviation: "0:no-intermediate": node 0 is not a node number'],
    [['--nodes', '2', '--node-deviation', '2:frob'], {}, `--node-deviation: "2:frob" is not K:KIND ${KINDS}`],
    [['--nodes', '2', '--node-deviation', 'no-intermediate'], {}, `--node-deviation: "no-intermediate" is not K:KIND ${KINDS}`],
    [['--nodes', '2', '--node-deviation', '2:no-intermediate=yes'], {}, `--node-deviation: "2:no-intermediate=yes" is not K:KIND ${KINDS}`],
    [['--nodes', '2', '--node-deviation', '2:header=Server'], {}, `--node-deviation: "2:header=Server" has no VALUE: header=NAME:VALUE ${KINDS}`],
    [['--nodes', '2', '--node-deviation', '2:drop-header='], {}, '--node-deviation: "2:drop-header=": "" is not a header field name'],
    [['--nodes', '2', '--node-deviation', '2:drop-header=X Frame'], {}, '--node-deviation: "2:drop-header=X Frame": "X Frame" is not a header field name'],
    [['--nodes', '2', '--node-deviation', '2:header=X:a\u0001'], {}, '--node-deviation: "2:header=X:a\u0001": "a\\u0001" is not a header field value'],
  ] as Array<[string[], NodeJS.ProcessEnv, string]>)('%j with %j is refused: %s', (argv, env, message) => {
    expect(() => parseCli(argv, env)).toThrow(CliError);
    expect(() => parseCli(argv, env)).toThrow(message);
  });
  test.each([
    [{ REFERENCE_DEPLOYMENT: 'staging' }, /REFERENCE_DEPLOYMENT: "staging" is not reference or alt/],
    [{ REFERENCE_OCSP_RESPONDER_ID: 'byHash' }, /REFERENCE_OCSP_RESPONDER_ID: "byHash" is not byName or byKey/],
    [{ REFERENCE_HTTP3: 'yes' }, /REFERENCE_HTTP3: "yes" is not 1 or 0/],
  ])('a bad variable %j is refused naming it', (env, message) => {
    expect(() => parseCli([], env)).toThrow(CliError);
    expect(() => parseCli([], env)).toThrow(message);
  });
});
