import { RAW_FLOWS } from '../../harness/src/flows/raw/registry';
import { rawFlowTests } from './flow-test';

/*
 * Service-level protocol expectation (`service/http3-seen`): the description says HTTP/3 is seen;
 * a run in which no role advertises it (or none answers over it) fails here, a single role without
 * it is a warning, an advertised endpoint that does not answer is an error. TARGET_H3=0 skips it.
 */
rawFlowTests(RAW_FLOWS.http3());
