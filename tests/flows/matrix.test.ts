import { CHECKS } from '../../harness/src/checks';
import { RAW_FLOWS } from '../../harness/src/flows/raw/registry';
import { loadSpecFolders } from '../../harness/src/spec-model/spec-folders';
import { specFolders } from '../support/paths';
import { rawFlowTests } from './flow-test';

/*
 * Raw flows derived from the spec files: the compression matrix and the conditional/range/HEAD
 * requests per resource type (`compression/<role>/<type>`, `conditional/<role>/<type>`), and the
 * redirect chains hop by hop with loop and length detection (`redirects/<flow id>`), for each
 * spec folder of the run (HARNESS_SPECS; with several, each title begins with the folder's name).
 */
rawFlowTests(RAW_FLOWS.matrix(loadSpecFolders(specFolders(), CHECKS)));
