import { evaluateConsole, isOwnFaviconFailure } from './console';
import { FindingList } from './findings';

const run = (messages: Parameters<typeof evaluateConsole>[1], errors: string[] = []) => {
  const l = new FindingList({ source: 'capture', targetOrigin: 'reference' });
  evaluateConsole('f', messages, errors, { faviconDescribed: (o) => o === 'https://www.t' }, l);
  return l.items.map((x) => `${x.verdict} ${x.id}`);
};

it('every console error and uncaught exception fails; warnings are info; a clean page passes once', () => {
  expect(
    run(
      [
        { type: 'error', text: 'boom' },
        { type: 'warning', text: 'w' },
        { type: 'log', text: 'hello' },
      ],
      ['TypeError: x'],
    ),
  ).toEqual(['fail f console error', 'info f console warning', 'fail f page error']);
  expect(run([])).toEqual(['pass f console']);
});

it("Chromium's own favicon 404 is info where the description lists no favicon, a failure where it does", () => {
  const text = 'Failed to load resource: the server responded with a status of 404 ()';
  expect(isOwnFaviconFailure({ type: 'error', text, url: 'https://shop.t/favicon.ico' })).toBe(true);
  expect(run([{ type: 'error', text, url: 'https://shop.t/favicon.ico' }])).toEqual(['info f console favicon', 'pass f console']);
  expect(run([{ type: 'error', text, url: 'https://www.t/favicon.ico' }])).toEqual(['fail f console error']);
});

it("a resource the harness's browser refused to send is info, naming why; another failed load still fails", () => {
  const refused = { type: 'error', text: 'Failed to load resource: net::ERR_BLOCKED_BY_CLIENT.Inspector', url: 'https://127.0.0.3:8080/x.png' };
  expect(run([refused])).toEqual(['info f console refused', 'pass f console']);
  expect(run([refused, { type: 'error', text: 'Failed to load resource: net::ERR_CONNECTION_REFUSED', url: 'https://www.t/a.css' }])).toEqual([
    'info f console refused',
    'fail f console error',
  ]);
});
