import { randomBytes } from 'node:crypto';

/** nginx's 301 page as Cloudflare sends it: CRLF line ends, "cloudflare" as the server line; 167 bytes. */
export const MOVED_PERMANENTLY_BODY = Buffer.from(
  [
    '<html>',
    '<head><title>301 Moved Permanently</title></head>',
    '<body>',
    '<center><h1>301 Moved Permanently</h1></center>',
    '<hr><center>cloudflare</center>',
    '</body>',
    '</html>',
    '',
  ].join('\r\n'),
  'latin1',
);

export const NOT_FOUND_BODY = Buffer.from(
  [
    '<html>',
    '<head><title>404 Not Found</title></head>',
    '<body>',
    '<center><h1>404 Not Found</h1></center>',
    '<hr><center>cloudflare</center>',
    '</body>',
    '</html>',
    '',
  ].join('\r\n'),
  'latin1',
);

/** The data centre the reference's ray ids name. */
export const COLO = 'AMS';

/** `CF-RAY: <16 hex>-<3 letters>`: a request id and the edge that answered. */
export function cfRay(): string {
  return `${randomBytes(8).toString('hex')}-${COLO}`;
}

export const REDIRECT_MAX_AGE = 3600;

/** Date and Expires of a cached redirect: Expires is exactly max-age after Date (whole seconds). */
export function redirectDates(now: Date): { date: string; expires: string } {
  const seconds = Math.floor(now.getTime() / 1000) * 1000;
  return { date: new Date(seconds).toUTCString(), expires: new Date(seconds + REDIRECT_MAX_AGE * 1000).toUTCString() };
}
