import { escapeHtml } from './escape-html';

/** A redirect body of a deployment that is neither IIS nor ASP.NET: one short line naming the new address. */
export function plainMovedBody(location: string): string {
  return `<!doctype html><title>Moved</title><p>Moved to <a href="${escapeHtml(location)}">${escapeHtml(location)}</a></p>\n`;
}
