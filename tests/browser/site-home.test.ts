import { siteHome } from '../../harness/src/flows/browser/flows';
import { browserFlowTest } from '../support/browser';

browserFlowTest(siteHome);
