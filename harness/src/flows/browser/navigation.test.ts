import { classifyNavigationError } from './navigation';

const url = 'https://www.t:8443/';

it.each([
  [
    'page.goto: net::ERR_CERT_AUTHORITY_INVALID at https://www.t:8443/',
    'target',
    'a certificate the browser trusts for www.t:8443',
    'net::ERR_CERT_AUTHORITY_INVALID',
  ],
  ['page.goto: net::ERR_TOO_MANY_REDIRECTS at https://www.t:8443/', 'target', 'a redirect chain that ends on a page', 'net::ERR_TOO_MANY_REDIRECTS'],
  [
    'page.goto: net::ERR_BLOCKED_BY_CLIENT.Inspector at https://bare.t:8443/',
    'target',
    'a page on the target map, its redirects included',
    'a navigation or redirect hop off the target map (refused, never sent)',
  ],
  ['page.goto: Timeout 4000ms exceeded.\nCall log: ...', 'target', 'the "load" event within 4 s', 'no "load" event after 4 s'],
  ['page.goto: net::ERR_CONNECTION_REFUSED at https://www.t:8443/', 'run', 'a connection to www.t:8443', 'net::ERR_CONNECTION_REFUSED'],
  ['page.goto: net::ERR_EMPTY_RESPONSE at https://www.t:8443/', 'target', 'a response from www.t:8443', 'net::ERR_EMPTY_RESPONSE'],
  ['something else entirely', 'run', `navigation to ${url}`, 'something else entirely'],
])('%s', (error, kind, expected, actual) => {
  expect(classifyNavigationError(error, url, 4000)).toMatchObject({ kind, expected, actual });
});
