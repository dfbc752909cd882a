import type { Observation } from './observation';
import { redirectChains } from './redirect-chains';

const o = (url: string, status: number, location?: string, secondaryHost?: string): Observation =>
  ({ file: 'a.har', url, status, method: 'GET', ...(location ? { location } : {}), ...(secondaryHost ? { secondaryHost } : {}) }) as Observation;

test('a Location asked for next is the next hop; chains reaching another name of a role are kept', () => {
  const seen = [
    o('https://go.test/favicon.ico', 301, 'https://hop2.test/'),
    o('https://go.test/other', 200),
    o('https://hop2.test/', 301, 'https://hop3.test/', 'hop2.test'),
    o('https://hop3.test/', 200, undefined, 'hop3.test'),
    o('https://bare.test/', 301, 'https://www.bare.test/'),
    o('https://www.bare.test/', 200),
  ];
  expect(redirectChains(seen, (x) => x.url)).toEqual([{ file: 'a.har', hops: ['https://go.test/favicon.ico', 'https://hop2.test/', 'https://hop3.test/'] }]);
});

test('a Location nobody asked for, or asked for before it was given, is no chain', () => {
  expect(redirectChains([o('https://hop2.test/', 200, undefined, 'hop2.test'), o('https://go.test/f', 301, 'https://hop2.test/')], (x) => x.url)).toEqual([]);
});
