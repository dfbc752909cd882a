/** 100-ns intervals between 1601-01-01 (Windows FILETIME epoch) and 1970-01-01. */
const FILETIME_UNIX_OFFSET = 116444736000000000n;

/** Windows FILETIME of a modification time given in nanoseconds since the Unix epoch. */
export function fileTimeOf(mtimeNs: bigint): bigint {
  return mtimeNs / 100n + FILETIME_UNIX_OFFSET;
}

/**
 * The ETag IIS's static file handler sends: the FILETIME's eight bytes little-endian, each printed
 * as lowercase hex *without* zero padding (so a 0x0d byte prints as "d" and 0x00 as "0"), then
 * ":0" (the change number, always 0 on a single server), quoted.
 */
export function iisEtag(mtimeNs: bigint): string {
  let fileTime = fileTimeOf(mtimeNs);
  let hex = '';
  for (let i = 0; i < 8; i++) {
    hex += Number(fileTime & 0xffn).toString(16);
    fileTime >>= 8n;
  }
  return `"${hex}:0"`;
}

export function mtimeNsOfDate(date: Date): bigint {
  return BigInt(date.getTime()) * 1000000n;
}
