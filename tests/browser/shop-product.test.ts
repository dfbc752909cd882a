import { shopProduct } from '../../harness/src/flows/browser/flows';
import { browserFlowTest } from '../support/browser';

browserFlowTest(shopProduct);
