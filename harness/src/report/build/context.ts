/** What building the tests of one run shares: how secrets are shown, the maps, the threshold. */
import type { RunMeta } from '../types';

export interface BuildContext {
  rawSecrets: boolean;
  target: RunMeta['target'];
  baseline?: RunMeta['baseline'];
  failOn: RunMeta['failOn'];
}
