import type { NodeDeviation } from '../nodes';
import { DEFAULT_PKI_DIR, startReference, type ReferenceOptions, type RunningReference } from '../server';
import { send, type RawResponse, type TestRequest } from './client';

export interface TestReference {
  ref(): RunningReference;
  request(req: TestRequest): Promise<RawResponse>;
}

/** Starts the composed reference on ephemeral ports for one Jest file. */
export function useReference(options: Pick<ReferenceOptions, 'deployment' | 'section' | 'http3' | 'h3Port'> = {}): TestReference {
  let running: RunningReference | undefined;
  beforeAll(async () => {
    running = await startReference({ port: 0, httpPort: 0, drainMs: 1000, ...options });
  });
  afterAll(async () => {
    await running?.stop();
  });
  const ref = () => {
    if (!running) throw new Error('reference not started');
    return running;
  };
  return {
    ref,
    request: (req) => send({ port: ref().tlsPort, ca: ref().rootPem }, req),
  };
}

/** A reference of several nodes with their deviations, on ephemeral ports and the default PKI cache, without HTTP/3: what the nodes tests start. */
export function startNodesReference(nodes: number, nodeDeviations: NodeDeviation[]): Promise<RunningReference> {
  return startReference({ port: 0, httpPort: 0, drainMs: 1000, http3: false, pkiDir: DEFAULT_PKI_DIR, nodes, nodeDeviations });
}
