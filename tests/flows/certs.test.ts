import { RAW_FLOWS } from '../../harness/src/flows/raw/registry';
import { rawFlowTests } from './flow-test';

/*
 * Certificate flow (ids `certs/<role>`): for each https role, the chain it sends (verified with
 * nothing fetched, in order), its name, validity and days left, TLS 1.2 and 1.3, ALPN h2, key sizes
 * and signature hashes. A role that is not mapped, or not served over TLS, is skipped with the reason.
 */
rawFlowTests(RAW_FLOWS.certs());
