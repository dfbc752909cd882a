import { observed } from '../spec-model/observed-fixture';
import { cookiePairSameValue } from './cookie-pair-same-value';
import { runCheck } from './test-support';

const run = (lines: string[]) => runCheck(cookiePairSameValue, observed({ lines: lines.map((l): [string, string] => ['set-cookie', l]) }));

test('ARRAffinitySameSite must carry the value of ARRAffinity', () => {
  expect(run(['ARRAffinity=ab;Path=/', 'ARRAffinitySameSite=ab;Path=/;SameSite=None;Secure'])[0]).toMatchObject({
    verdict: 'pass',
    id: 'cookie/pair-same-value ARRAffinitySameSite',
  });
  expect(run(['ARRAffinity=ab;Path=/', 'ARRAffinitySameSite=cd;Path=/'])[0]).toMatchObject({
    verdict: 'fail',
    actual: 'ARRAffinitySameSite differs from ARRAffinity',
  });
  expect(run(['ARRAffinity=ab;Path=/'])[0]).toMatchObject({ verdict: 'fail', actual: 'ARRAffinitySameSite not set' });
  expect(run(['other=1'])).toEqual([]);
});
