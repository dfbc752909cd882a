/**
 * Deriving from captures of two deployments: each with its own roles file and `{section}`, what
 * both show is evidence, what one shows is not; redirect hops on a role's other names are reached
 * through the chain; requests the tool recorded without an answer are left out.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { deriveSpecs } from './derive';
import { parseRoleMapping } from './role-mapping';

const DATE = 'Wed, 08 Apr 2026 16:54:52 GMT';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'derive-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

type Entry = { url: string; status: number; headers?: Array<[string, string]>; mime?: string; text?: string };

function har(name: string, entries: Entry[]): string {
  const file = path.join(work, name);
  const doc = {
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: entries.map((e) => ({
        startedDateTime: '2026-04-08T16:54:52.000Z',
        time: 1,
        request: { method: 'GET', url: e.url, httpVersion: 'HTTP/1.1', cookies: [], headers: [], queryString: [], headersSize: -1, bodySize: 0 },
        response: {
          status: e.status,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: [['date', DATE], ...(e.headers ?? [])].map(([n, v]) => ({ name: n, value: v })),
          content: { size: e.text?.length ?? 0, mimeType: e.mime ?? 'text/html', ...(e.text !== undefined ? { text: e.text } : {}) },
          redirectURL: '',
          headersSize: -1,
          bodySize: e.text?.length ?? 0,
        },
        cache: {},
        timings: { send: 0, wait: 1, receive: 0 },
      })),
    },
  };
  fs.writeFileSync(file, JSON.stringify(doc));
  return file;
}

const deployment = (site: string, redirector: string, hops: [string, string], section: string, sessionCookie: string) => {
  const file = har(`${site}.har`, [
    {
      url: `https://${site}/`,
      status: 200,
      headers: [
        ['content-type', 'text/html; charset=utf-8'],
        ['set-cookie', `${sessionCookie}=abcdefghijklmnopqrstuvwx; path=/; HttpOnly`],
        ['set-cookie', 'SHARED=0123456789abcdef0123456789abcdef; path=/; HttpOnly'],
        ['server', `${site}-server`],
      ],
    },
    { url: `https://${site}/${section}/css/main.css`, status: 200, mime: 'text/css', headers: [['content-type', 'text/css']] },
    { url: `https://${site}/${section}/js/main.js`, status: 200, mime: 'application/javascript', headers: [['content-type', 'application/x-javascript']] },
    { url: `https://${site}/never-answered.png`, status: -1 },
    { url: `https://${redirector}/favicon.ico`, status: 301, headers: [['location', `https://${hops[0]}/`], ['cache-control', 'max-age=3600']] },
    { url: `https://${hops[0]}/`, status: 301, headers: [['location', `https://${hops[1]}/`], ['cache-control', 'max-age=3600']] },
    { url: `https://${hops[1]}/`, status: 200, headers: [['content-type', 'text/html']] },
  ]);
  const roles = parseRoleMapping({ hosts: { [site]: 'site', [redirector]: 'redirector', [hops[0]]: 'redirector', [hops[1]]: 'redirector' } }, `${site} roles`);
  return { file, roles };
};

const prod = deployment('www.example.org', 'go.example.net', ['hop2.example.net', 'hop3.example.net'], 'static', 'ASP.NET_SessionId');
const staging = deployment('www.staging.example', 'go.staging.example', ['relay.staging.example', 'landing.staging.example'], 'content', 'AppSession');

test("each capture's {section} from what it requested on the site; the requests without an answer left out", () => {
  const r = deriveSpecs([prod.file, staging.file], [prod.roles, staging.roles]);
  expect(r.sections.map((s) => [path.basename(s.file), s.section])).toEqual([
    ['www.example.org.har', 'static'],
    ['www.staging.example.har', 'content'],
  ]);
  expect(r.unmapped.get('no answer recorded (status -1)')).toBe(2);
  const site = r.specs.find((s) => s.role === 'site')!;
  // Both captures' stylesheets are one exchange: {section} in the template groups them.
  expect(site.exchanges.filter((e) => e.title.startsWith('GET /{section}/css/')).length).toBe(1);
});

test('a cookie the description does not state warns, however many captures agree; a header only one platform sends informs', () => {
  const both = deriveSpecs([prod.file, staging.file], [prod.roles, staging.roles]).specs.find((s) => s.role === 'site')!;
  const home = both.exchanges.find((e) => e.id === 'site/har/get-root')!;
  // Both captures set it, the description does not name it: what they agree on is written, as a warning.
  expect(home.expect.cookies?.SHARED).toMatchObject({ presence: 'should', level: 'should', httpOnly: true, path: '/' });
  // Each deployment's session cookie is set by only one of them: not in the group's every answer, so not written.
  expect(home.expect.cookies).not.toHaveProperty('ASP.NET_SessionId');
  expect(home.expect.headers?.server).toMatchObject({ level: 'info' });
  const one = deriveSpecs([prod.file], prod.roles).specs.find((s) => s.role === 'site')!;
  expect(one.exchanges.find((e) => e.id === 'site/har/get-root')!.expect.cookies?.SHARED).toMatchObject({ presence: 'should' });
});

test("the redirect chain through a role's other names: hops asked of the previous Location, never written as hosts", () => {
  const r = deriveSpecs([prod.file], prod.roles);
  const redirector = r.specs.find((s) => s.role === 'redirector')!;
  const chain = redirector.flows?.find((f) => f.id.startsWith('redirector/har/redirect-chain-'));
  expect(chain?.steps.map((s) => s.request.path)).toEqual(['/favicon.ico', '{{hop2}}', '{{hop3}}']);
  expect(chain?.steps[0].capture).toEqual({ hop2: { header: 'location' } });
  expect(chain?.checks).toEqual(['redirect/location-other-host']);
  expect(JSON.stringify(redirector)).not.toMatch(/hop[23]\.example\.net/);
  // The hops are not exchanges of their own: their hosts are the deployment's.
  expect(redirector.exchanges.map((e) => e.id)).toEqual(['redirector/har/get-favicon-ico/301']);
});

test('several role mappings must be one for all HARs or one per HAR', () => {
  expect(() => deriveSpecs([prod.file, staging.file, prod.file], [prod.roles, staging.roles])).toThrow('2 role mappings for 3 HAR files');
});
