/**
 * IIS's redirect body: 123 bytes plus the Location, LF between the two lines.
 * The Location is written as IIS writes it: verbatim, with only `"` escaped so the attribute holds.
 */
export function documentMovedBody(location: string): string {
  const href = location.replace(/"/g, '%22');
  return `<head><title>Document Moved</title></head>\n<body><h1>Object Moved</h1>This document may be found <a HREF="${href}">here</a></body>`;
}
