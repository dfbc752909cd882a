import { loadTargetMap } from './target-map';
import { chosenNodes, describeNodes, nodesFor, pinnedTo } from './nodes';
import { parseNodesSetting } from '../settings/harness';

const ENV = {
  TARGET_URL: 'https://www.x.test:8443',
  TARGET_ASSETS_URL: 'https://assets.x.test:8443',
  TARGET_RESOLVE: 'www.x.test:8443:127.0.0.2,127.0.0.3,127.0.0.4,assets.x.test:8443:127.0.0.2',
};
const WWW = new URL('https://www.x.test:8443/en/');

describe('HARNESS_NODES', () => {
  it('is all by default, first is one, a number caps', () => {
    expect([undefined, '', 'all', 'ALL', 'first', '2'].map((v) => parseNodesSetting(v === undefined ? {} : { HARNESS_NODES: v }))).toEqual([
      'all',
      'all',
      'all',
      'all',
      1,
      2,
    ]);
  });

  it.each(['0', '-1', 'some', '1.5'])('refuses %j, naming the variable and the forms', (value) => {
    expect(() => parseNodesSetting({ HARNESS_NODES: value })).toThrow(`HARNESS_NODES: ${JSON.stringify(value)}`);
    expect(() => parseNodesSetting({ HARNESS_NODES: value })).toThrow('must be all, first, or the most addresses to ask per name');
  });
});

describe('nodes of a name', () => {
  it("asks every address behind a URL's name, none where the name has one", () => {
    const map = loadTargetMap(ENV);
    expect(nodesFor(map, WWW)).toEqual(['127.0.0.2', '127.0.0.3', '127.0.0.4']);
    expect(nodesFor(map, new URL('https://assets.x.test:8443/a.css'))).toEqual([]);
    expect(nodesFor(map, new URL('https://www.x.test:9443/'))).toEqual([]);
  });

  it('caps them by HARNESS_NODES: first asks one (so none besides), 2 the first two', () => {
    expect(nodesFor(loadTargetMap({ ...ENV, HARNESS_NODES: 'first' }), WWW)).toEqual([]);
    expect(nodesFor(loadTargetMap({ ...ENV, HARNESS_NODES: '2' }), WWW)).toEqual(['127.0.0.2', '127.0.0.3']);
    expect(chosenNodes(loadTargetMap(ENV).resolve[0], 'all')).toHaveLength(3);
  });

  it('pins one name to one node, leaving the other names and the original map alone', () => {
    const map = loadTargetMap(ENV);
    const pinned = pinnedTo(map, WWW, '127.0.0.3');
    expect(pinned.resolve.map((e) => [e.host, e.address, e.addresses])).toEqual([
      ['www.x.test', '127.0.0.3', ['127.0.0.3']],
      ['assets.x.test', '127.0.0.2', ['127.0.0.2']],
    ]);
    expect(map.resolve[0].addresses).toHaveLength(3);
  });

  it('says in the run header which names have several nodes, which are asked and what it costs', () => {
    expect(describeNodes(loadTargetMap(ENV))).toBe(
      [
        'nodes (HARNESS_NODES=all):',
        '  www.x.test:8443 -> 127.0.0.2, 127.0.0.3, 127.0.0.4 (each exchange is sent to 3 nodes: 3x its h1 and h2 requests; browser flows, raw flows and HTTP/3 stay on 127.0.0.2)',
      ].join('\n'),
    );
    expect(describeNodes(loadTargetMap({ ...ENV, HARNESS_NODES: 'first' }))).toContain('(only 127.0.0.2 is asked)');
    expect(describeNodes(loadTargetMap({ ...ENV, TARGET_RESOLVE: 'www.x.test:8443:127.0.0.2' }))).toBeUndefined();
  });
});
