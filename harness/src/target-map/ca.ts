import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { TargetConfigError } from './errors';
import type { ValueSource } from './urls';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

export interface LoadedCa {
  file: string;
  pems: string[];
}

/**
 * Reads a PEM bundle of extra roots. Each block is parsed now, because a broken bundle would
 * otherwise surface later as an unrelated-looking certificate error against the target.
 * `shown` is the path as the user wrote it, so the message matches what they typed.
 */
export function loadCaFile(file: string, shown: string, src: ValueSource): LoadedCa {
  function fail(reason: string): never {
    throw new TargetConfigError(src.variable, shown, reason, src.pointer);
  }
  let text: string;
  try {
    if (!statSync(file).isFile()) fail('is not a regular file');
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (err instanceof TargetConfigError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') fail('names a file that does not exist');
    fail(`cannot be read (${code ?? (err as Error).message})`);
  }
  const blocks = text.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) fail('holds no PEM certificate (no -----BEGIN CERTIFICATE----- block)');
  const pems = blocks.map((block, i) => {
    try {
      new X509Certificate(block);
    } catch (err) {
      fail(`holds a certificate that does not parse (block ${i + 1}: ${(err as Error).message})`);
    }
    return `${block}\n`;
  });
  return { file, pems };
}
