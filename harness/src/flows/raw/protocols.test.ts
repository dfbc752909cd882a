import { targetEnvOf } from '../../embedded/start-reference';
import { sharedReference, type SharedReference } from '../../testing/reference-per-kind';
import { ReplayClients } from '../../replay';
import { loadTargetMap, roleUrls, ROLES } from '../../target-map';
import { runProtocolsFlow } from './protocols';
import { WHOLE_RUN_MS, withTestBudgets } from '../../testing/budgets';

let reference: SharedReference;
let clients: ReplayClients;

beforeAll(async () => {
  reference = await sharedReference('no-http3');
  clients = new ReplayClients(loadTargetMap(withTestBudgets(targetEnvOf(reference.ready))), { h3: false });
}, WHOLE_RUN_MS);
afterAll(async () => {
  await clients?.close();
  await reference?.stop();
});

test('service/http2-seen: one step per https name of each role (the redirector has three), each with its own id, all passing', async () => {
  const record = await runProtocolsFlow(clients);
  const steps = record.legs.flatMap((l) => l.steps);
  const names = ROLES.flatMap((role) =>
    roleUrls(clients.map, role)
      .filter((u) => u.protocol === 'https:')
      .map((u) => `service/http2-seen ${role} ${u.hostname}`),
  );
  expect(names.filter((n) => n.includes(' redirector '))).toHaveLength(3);
  expect(steps.map((s) => s.id)).toEqual([...names, 'service/http2-seen']);
  expect(steps.flatMap((s) => s.findings).filter((f) => f.verdict !== 'pass')).toEqual([]);
});
