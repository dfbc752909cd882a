/**
 * Streaming split of a HAR file: the bytes of `log.entries` are cut into one slice per entry and
 * each slice goes through JSON.parse on its own, so a 100 MB capture never becomes one object.
 * The scanner tracks only what it needs (strings, nesting, the keys of the root and `log` objects);
 * every captured value is parsed by JSON.parse, which is what checks its syntax.
 */
import * as fs from 'node:fs';
import { HarReadError } from './errors';

export interface ScanHandlers {
  /** One element of `log.entries`, in file order. */
  entry(value: unknown, index: number): void;
  /** A member of `log` other than an `entries` array (version, creator, pages, custom `_` fields). */
  logField(key: string, value: unknown): void;
  /** A member of the root object other than a `log` object. */
  rootField(key: string, value: unknown): void;
  /** The root value is not an object (the validator reports it). */
  rootNotObject(value: unknown): void;
  /** `log` is an object (called when it opens). */
  logObject?(): void;
  /** `log.entries` is an array (called when it opens). */
  entriesArray?(): void;
}

type Role = 'root' | 'log' | 'entries' | 'other';

interface Frame {
  arr: boolean;
  role: Role;
  key: string | undefined;
  expectKey: boolean;
  index: number;
}

interface Capture {
  kind: 'entry' | 'log' | 'root' | 'top';
  key: string;
  index: number;
  depth: number;
  start: number;
  parts: Buffer[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export class HarScanner {
  private stack: Frame[] = [];
  private capture: Capture | undefined;
  private inString = false;
  private stringIsKey = false;
  private escape = false;
  private keyStart = -1;
  private keyParts: Buffer[] = [];
  private inPrimitive = false;
  private offset = 0;
  private seenAny = false;
  private done = false;
  private first = true;

  constructor(
    private readonly file: string,
    private readonly handlers: ScanHandlers,
  ) {}

  // One chunk through the scanner's state machine. It stays one loop: every branch moves the same
  // cursors (i, nextQuote, nextBackslash) and state, and this is the hot path of a 100 MB capture,
  // where handing them to helpers and back would cost on every byte.
  push(buf: Buffer): void {
    let i = 0;
    const n = buf.length;
    if (this.first && n > 0) {
      this.first = false;
      if (n >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) i = 3; // UTF-8 BOM (Fiddler, some Windows tools)
    }
    if (this.capture) this.capture.start = 0;
    if (this.keyStart >= 0) this.keyStart = 0;
    // Next quote and backslash at or after i, found once per stretch of the chunk (-1: none left in
    // this chunk); recomputed only when i has passed them.
    let nextQuote = -2;
    let nextBackslash = -2;
    while (i < n) {
      if (this.inString) {
        if (this.escape) {
          this.escape = false;
          i++;
          continue;
        }
        if (nextQuote !== -1 && nextQuote < i) nextQuote = buf.indexOf(QUOTE, i);
        if (nextBackslash !== -1 && nextBackslash < i) nextBackslash = buf.indexOf(BACKSLASH, i);
        if (nextQuote === -1) {
          i = n;
          break;
        }
        if (nextBackslash !== -1 && nextBackslash < nextQuote) {
          this.escape = true;
          i = nextBackslash + 1;
          continue;
        }
        this.inString = false;
        i = nextQuote + 1;
        if (this.stringIsKey) {
          const top = this.stack[this.stack.length - 1];
          if (this.keyStart >= 0) {
            this.keyParts.push(buf.subarray(this.keyStart, nextQuote));
            top.key = JSON.parse(`"${Buffer.concat(this.keyParts).toString('utf8')}"`) as string;
            this.keyParts = [];
            this.keyStart = -1;
          }
          top.expectKey = false;
        } else {
          this.valueDone(buf, i);
        }
        continue;
      }
      const c = buf[i];
      if (this.inPrimitive) {
        if (c === 0x2c || c === 0x7d || c === 0x5d || isSpace(c)) {
          this.inPrimitive = false;
          this.valueDone(buf, i);
        } else {
          i++;
          continue;
        }
      }
      if (isSpace(c)) {
        i++;
        continue;
      }
      if (this.done) throw new HarReadError(this.file, `unexpected data after the end of the JSON document at byte ${this.offset + i}`);
      this.seenAny = true;
      const top = this.stack[this.stack.length - 1];
      switch (c) {
        case 0x7b: // {
        case 0x5b: {
          // [
          const role = this.beginValue(buf, i, c);
          this.stack.push({ arr: c === 0x5b, role, key: undefined, expectKey: c === 0x7b, index: 0 });
          i++;
          break;
        }
        case 0x7d: // }
        case 0x5d: {
          // ]
          if (!top || top.arr !== (c === 0x5d)) throw this.syntax(i, c);
          this.stack.pop();
          i++;
          this.valueDone(buf, i);
          break;
        }
        case QUOTE: {
          if (top && !top.arr && top.expectKey) {
            this.stringIsKey = true;
            this.keyStart = top.role === 'root' || top.role === 'log' ? i + 1 : -1;
          } else {
            this.stringIsKey = false;
            this.beginValue(buf, i, c);
          }
          this.inString = true;
          i++;
          break;
        }
        case 0x3a: // :
          if (!top || top.arr || top.expectKey) throw this.syntax(i, c);
          i++;
          break;
        case 0x2c: // ,
          if (!top) throw this.syntax(i, c);
          if (!top.arr) top.expectKey = true;
          i++;
          break;
        default:
          this.beginValue(buf, i, c);
          this.inPrimitive = true;
          i++;
      }
    }
    if (this.capture) this.capture.parts.push(buf.subarray(this.capture.start));
    if (this.inString && this.stringIsKey && this.keyStart >= 0) this.keyParts.push(buf.subarray(this.keyStart));
    this.offset += n;
  }

  end(): void {
    if (this.inPrimitive) {
      this.inPrimitive = false;
      this.valueDone(Buffer.alloc(0), 0);
    }
    if (!this.seenAny) throw new HarReadError(this.file, 'the file is empty (no JSON document)');
    if (this.inString || this.stack.length > 0 || !this.done)
      throw new HarReadError(this.file, `the file ends early at byte ${this.offset}: truncated JSON (${this.stack.length} unclosed object or array)`);
  }

  private syntax(i: number, c: number): HarReadError {
    return new HarReadError(this.file, `not valid JSON: unexpected '${String.fromCharCode(c)}' at byte ${this.offset + i}`);
  }

  /** A value starts at buf[i]; decides whether its bytes are captured, and returns its frame role. */
  private beginValue(_buf: Buffer, i: number, c: number): Role {
    if (this.capture) return 'other';
    const parent = this.stack[this.stack.length - 1];
    const start = (kind: Capture['kind'], key: string, index: number): Role => {
      this.capture = { kind, key, index, depth: this.stack.length, start: i, parts: [] };
      return 'other';
    };
    if (!parent) {
      if (c === 0x7b) return 'root';
      return start('top', '', 0);
    }
    if (parent.role === 'root') {
      if (parent.key === 'log' && c === 0x7b) {
        this.handlers.logObject?.();
        return 'log';
      }
      return start('root', parent.key ?? '', 0);
    }
    if (parent.role === 'log') {
      if (parent.key === 'entries' && c === 0x5b) {
        this.handlers.entriesArray?.();
        return 'entries';
      }
      return start('log', parent.key ?? '', 0);
    }
    if (parent.role === 'entries') return start('entry', '', parent.index++);
    return 'other';
  }

  /** A value ended just before buf[end] at the current depth. */
  private valueDone(buf: Buffer, end: number): void {
    if (this.stack.length === 0) this.done = true;
    const cap = this.capture;
    if (!cap || cap.depth !== this.stack.length) return;
    cap.parts.push(buf.subarray(cap.start, end));
    this.capture = undefined;
    const bytes = cap.parts.length === 1 ? cap.parts[0] : Buffer.concat(cap.parts);
    const where =
      cap.kind === 'entry' ? `log.entries[${cap.index}]` : cap.kind === 'log' ? `log.${cap.key}` : cap.kind === 'root' ? cap.key : 'the document';
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch (err) {
      throw new HarReadError(this.file, `not valid JSON in ${where}: ${(err as Error).message}`);
    }
    if (cap.kind === 'entry') this.handlers.entry(value, cap.index);
    else if (cap.kind === 'log') this.handlers.logField(cap.key, value);
    else if (cap.kind === 'root') this.handlers.rootField(cap.key, value);
    else this.handlers.rootNotObject(value);
  }
}

const CHUNK = 1 << 20;

/** Reads a file through the scanner in 1 MiB chunks. */
export function scanFile(file: string, handlers: ScanHandlers): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (err) {
    throw new HarReadError(file, `cannot read the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  const scanner = new HarScanner(file, handlers);
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(CHUNK);
      const read = fs.readSync(fd, buf, 0, CHUNK, null);
      if (read === 0) break;
      scanner.push(read === CHUNK ? buf : buf.subarray(0, read));
    }
  } finally {
    fs.closeSync(fd);
  }
  scanner.end();
}

/** The same scan over an in-memory text (tests). */
export function scanText(file: string, text: string, handlers: ScanHandlers, chunkSize = CHUNK): void {
  const scanner = new HarScanner(file, handlers);
  const buf = Buffer.from(text, 'utf8');
  for (let i = 0; i < buf.length; i += chunkSize) scanner.push(Buffer.from(buf.subarray(i, i + chunkSize)));
  scanner.end();
}
