import { redirectorFaviconChain, redirectorPage } from '../../harness/src/flows/browser/flows';
import { browserFlowTest } from '../support/browser';

browserFlowTest(redirectorPage);
browserFlowTest(redirectorFaviconChain);
