import { RAW_FLOWS } from '../../harness/src/flows/raw/registry';
import { rawFlowTests } from './flow-test';

/*
 * Service-level protocol expectation (`service/http2-seen`): the description says HTTP/2 is seen;
 * a run in which no role offers it fails here, a single role without it is a warning.
 */
rawFlowTests(RAW_FLOWS.protocols());
