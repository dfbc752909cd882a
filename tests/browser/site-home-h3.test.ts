import { siteHomeH3 } from '../../harness/src/flows/browser/flows';
import { http3FlowTest } from '../support/browser';

http3FlowTest(siteHomeH3);
