/**
 * Every raw flow, as the tests the Playwright suite runs: grouped by the test file that holds them,
 * each with its title, the roles it needs mapped, and how to run it. The suite's raw-flow tests read
 * this list and nothing else, so a new raw flow is one entry here (and one line in its test file),
 * never another copy of the skip and settle lines. BROWSER_FLOWS (flows/browser/flows) is its
 * browser peer.
 */
import type { ReplayRecord } from '../../record';
import { ROLES, type Role } from '../../target-map';
import type { ReplayClients } from '../../replay';
import type { SpecSet } from '../../spec-model/spec-folders';
import { runCertsFlow } from './certs';
import { runCompressionFlow } from './compression';
import { runConditionalFlow } from './conditional';
import { HTTP3_SEEN, runHttp3Flow } from './http3-seen';
import { runOcspFlow } from './ocsp';
import { runProtocolsFlow } from './protocols';
import { redirectChains, runRedirectFlow } from './redirects';
import { resourceRows } from './resources';
import { runSectionFlow } from './section';

/** One raw flow as one test. */
export interface RawFlowTest {
  /** The test's title: the flow's id, `<folder>:` first when the run has several spec folders (HARNESS_SPECS). */
  title: string;
  /** The test's `flow` annotation: what the flow checks. */
  description: string;
  /** The roles the target map must name; where one is missing the test is skipped with the reason. */
  roles: readonly Role[];
  run(clients: ReplayClients): Promise<ReplayRecord>;
  /** Why a finished run is a skip rather than a verdict (the HTTP/3 flow on a run that has HTTP/3 off), if it is. */
  skippedBy?(record: ReplayRecord): string | undefined;
}

const ns = (namespace: string | undefined) => (namespace ? `${namespace}:` : '');

/** The compression matrix and the conditional, range and HEAD requests per resource type, then the redirect chains, of every spec folder. */
function matrix(sets: readonly SpecSet[]): RawFlowTest[] {
  const out: RawFlowTest[] = [];
  for (const row of sets.flatMap((set) => resourceRows(set.specs, set.folder.label))) {
    out.push({
      title: `${ns(row.namespace)}compression/${row.key}`,
      description: `compression matrix of ${row.exchange.id}`,
      roles: [row.role],
      run: (c) => runCompressionFlow(row, c),
    });
    if (row.etag || row.lastModified) {
      out.push({
        title: `${ns(row.namespace)}conditional/${row.key}`,
        description: `conditional, range and HEAD requests on ${row.exchange.id}`,
        roles: [row.role],
        run: (c) => runConditionalFlow(row, c),
      });
    }
  }
  for (const chain of sets.flatMap((set) => redirectChains(set.specs, set.folder.label))) {
    const own = chain.namespace ? chain.flow.id.slice(chain.namespace.length + 1) : chain.flow.id;
    out.push({ title: `${ns(chain.namespace)}redirects/${own}`, description: chain.flow.title, roles: [chain.role], run: (c) => runRedirectFlow(chain, c) });
  }
  return out;
}

/** The raw flows by the test file that runs them (`tests/flows/<key>.test.ts`), in the order they run. */
export const RAW_FLOWS = {
  matrix,
  ocsp: (): RawFlowTest[] =>
    ROLES.filter((r) => r !== 'ocsp').map((role) => ({
      title: `ocsp/live/${role}`,
      description: `OCSP status of the ${role} certificate`,
      roles: ['ocsp', role],
      run: (c) => runOcspFlow(role, c),
    })),
  certs: (): RawFlowTest[] =>
    ROLES.map((role) => ({
      title: `certs/${role}`,
      description: `the certificate chain and TLS handshake the ${role} role presents`,
      roles: [role],
      run: (c) => runCertsFlow(role, c),
      skippedBy: (record) => record.legs[0]?.steps.flatMap((s) => s.findings).find((f) => f.id === `certs/${role} handshake` && f.verdict === 'skip')?.actual,
    })),
  protocols: (): RawFlowTest[] => [
    { title: 'service/http2-seen', description: 'HTTP/2 is offered by the service', roles: [], run: (c) => runProtocolsFlow(c) },
  ],
  http3: (): RawFlowTest[] => [
    {
      title: HTTP3_SEEN,
      description: 'HTTP/3 is served by the service',
      roles: [],
      run: (c) => runHttp3Flow(c),
      skippedBy: (record) => record.legs[0]?.steps.flatMap((s) => s.findings).find((f) => f.id === HTTP3_SEEN && f.verdict === 'skip')?.actual,
    },
  ],
  section: (): RawFlowTest[] => [{ title: 'site/section', description: 'the {section} the home page links', roles: ['site'], run: (c) => runSectionFlow(c) }],
} as const satisfies Record<string, (sets: readonly SpecSet[]) => RawFlowTest[]>;
