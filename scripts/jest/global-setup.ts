/** Jest's global set-up: the references a run shares (harness/src/testing/jest-references.ts). */
import { setUp } from '../../harness/src/testing/jest-references';

export default setUp;
