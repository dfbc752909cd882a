import { siteHomeH3 } from '../../harness/src/flows/browser/flows/site-home-h3';
import { http3FlowTest } from '../support/browser';

http3FlowTest(siteHomeH3);
