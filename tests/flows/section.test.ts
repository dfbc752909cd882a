import { RAW_FLOWS } from '../../harness/src/flows/raw/registry';
import { rawFlowTests } from './flow-test';

/* `site/section`: the run's {section} against the one the site's home page links. */
rawFlowTests(RAW_FLOWS.section());
