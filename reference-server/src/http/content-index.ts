import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';
import type { ContentCoding } from './encoding';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface IndexedFile {
  /** Lowercased URL path the file answers to. */
  readonly key: string;
  /** File name as stored (case kept). */
  readonly name: string;
  readonly type: string;
  readonly bytes: Buffer;
  readonly mtime: Date;
  /** Modification time in nanoseconds, for validators finer than a millisecond. */
  readonly mtimeNs: bigint;
  /** The bytes in a content coding; computed once, on first use, then shared. */
  encoded(coding: ContentCoding): Promise<Buffer>;
}

export interface Mount {
  /** Folder whose files are served. */
  dir: string;
  /** URL path the folder answers at: '' for the root, '/static' for a sub-folder. */
  urlPrefix: string;
  /** A deployment's own names: applied to each URL path and to the text of text files. */
  rename?: (text: string) => string;
}

/** Content type of a file name, or undefined to leave the file out (as IIS does for unmapped types). */
export type TypeOf = (fileName: string) => string | undefined;

const TEXT_TYPES = /^(text\/|application\/(x-)?javascript|application\/json|image\/svg\+xml)/;

function compress(bytes: Buffer, type: string, coding: ContentCoding): Promise<Buffer> {
  if (coding === 'gzip') return gzip(bytes, { level: 9 });
  return brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      [zlib.constants.BROTLI_PARAM_MODE]: TEXT_TYPES.test(type) ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
    },
  });
}

function makeFile(key: string, filePath: string, type: string, name: string, rename?: (text: string) => string): IndexedFile {
  const stat = fs.statSync(filePath, { bigint: true });
  const read = fs.readFileSync(filePath);
  const bytes = rename && TEXT_TYPES.test(type) ? Buffer.from(rename(read.toString('utf8')), 'utf8') : read;
  const variants = new Map<ContentCoding, Promise<Buffer>>();
  return {
    key,
    name,
    type,
    bytes,
    mtime: new Date(Number(stat.mtimeMs)),
    mtimeNs: stat.mtimeNs,
    encoded(coding) {
      let variant = variants.get(coding);
      if (!variant) {
        variant = compress(bytes, type, coding);
        // A failed compression is retried by the next request rather than cached.
        variant.catch(() => variants.delete(coding));
        variants.set(coding, variant);
      }
      return variant;
    },
  };
}

function walk(dir: string, relative: string[], out: Array<{ filePath: string; parts: string[] }>): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const filePath = path.join(dir, entry.name);
    // Symbolic links are not followed: nothing outside the folder can enter the index.
    if (entry.isDirectory()) walk(filePath, [...relative, entry.name], out);
    else if (entry.isFile()) out.push({ filePath, parts: [...relative, entry.name] });
  }
}

/**
 * Reads every servable file of the mounts into memory, once, when a host is built. Requests only
 * ever look keys up in the returned map, so no request path reaches the file system.
 */
export function indexContent(mounts: readonly Mount[], typeOf: TypeOf): Map<string, IndexedFile> {
  const index = new Map<string, IndexedFile>();
  for (const mount of mounts) {
    const found: Array<{ filePath: string; parts: string[] }> = [];
    walk(mount.dir, [], found);
    for (const { filePath, parts } of found) {
      const type = typeOf(parts[parts.length - 1]);
      if (!type) continue;
      const urlPath = (mount.rename ?? ((p: string) => p))(`${mount.urlPrefix}/${parts.join('/')}`);
      const key = urlPath.toLowerCase();
      if (index.has(key)) throw new Error(`two content files answer to ${key} (paths are case-insensitive)`);
      index.set(key, makeFile(key, filePath, type, urlPath.slice(urlPath.lastIndexOf('/') + 1), mount.rename));
    }
  }
  return index;
}
