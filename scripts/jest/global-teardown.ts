/** Jest's global tear-down: the shared references stopped (harness/src/testing/jest-references.ts). */
import { tearDown } from '../../harness/src/testing/jest-references';

export default tearDown;
