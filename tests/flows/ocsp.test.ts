import { RAW_FLOWS } from '../../harness/src/flows/raw/registry';
import { rawFlowTests } from './flow-test';

/*
 * OCSP flow (ids `ocsp/live/<role>`): the live status of the certificate each TLS role presents,
 * asked of the responder in its AIA (through the target map) and of every configured OCSP name.
 */
rawFlowTests(RAW_FLOWS.ocsp());
