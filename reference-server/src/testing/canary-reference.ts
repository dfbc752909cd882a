/**
 * The reference on a copy of its content with canary files planted beside every served folder,
 * under names and extensions the hosts' indexes would serve if a path ever escaped a folder, and
 * symbolic links inside served folders pointing at them (the index must not follow links).
 * Prints one JSON line: `{"event":"ready", tlsPort, httpPort, rootPath, canary, planted}`.
 * Run: node --import tsx reference-server/src/testing/canary-reference.ts
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DEFAULT_CONTENT_ROOT } from '../hosts/context';
import { startReference } from '../server';

/** Folders beside or above served ones (relative to the copy's root; '..' is the copy's parent). */
const BESIDE = ['..', '.', 'site', 'assets', 'shop', 'redirector', 'site/pages', 'shop/pages'];
const EXTENSIONS = ['txt', 'css', 'js', 'svg', 'png', 'woff2', 'html', 'ico', 'gif', 'json'];
/** Links inside served folders: an index that followed them would serve a canary. */
const LINKS = [
  'site/section/css/linked.css',
  'site/root/linked.js',
  'assets/media/linked.svg',
  'shop/files/linked.png',
  'shop/theme/assets/linked.css',
  'shop/fonts/linked.woff2',
];

async function main(): Promise<void> {
  const holder = mkdtempSync(path.join(os.tmpdir(), 'canary-reference-'));
  const root = path.join(holder, 'content');
  cpSync(DEFAULT_CONTENT_ROOT, root, { recursive: true });
  const canary = `CANARY-${randomBytes(8).toString('hex')}`;
  const planted: string[] = [];
  for (const dir of BESIDE) {
    for (const ext of EXTENSIONS) {
      const file = path.join(root, dir, `canary.${ext}`);
      writeFileSync(file, `${canary}: ${path.relative(holder, file)} must never be served\n`);
      planted.push(path.relative(root, file));
    }
  }
  for (const link of LINKS) {
    const file = path.join(root, link);
    symlinkSync(path.relative(path.dirname(file), path.join(root, `canary.${path.extname(link).slice(1)}`)), file);
    planted.push(link);
  }
  const ref = await startReference({ port: 0, httpPort: 0, contentRoot: root, drainMs: 1000 });
  const { tlsPort, httpPort, rootPath } = ref;
  console.log(JSON.stringify({ event: 'ready', tlsPort, httpPort, rootPath, canary, planted }));
  const stop = () =>
    ref.stop().finally(() => {
      rmSync(holder, { recursive: true, force: true });
      process.exit(0);
    });
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
