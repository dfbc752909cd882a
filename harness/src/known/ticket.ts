/**
 * A known deviation's ticket as teams write it: the tracker's id (`OPS-412`, `#412`) or its URL.
 * `HARNESS_TICKET_URL` (`https://tracker.example.org/browse/{id}`) makes an id a link in the report.
 */

/** A URL, or an id: letters, digits and `#._/-`, at least one digit, up to 64 characters, no space. */
export const TICKET_PATTERN = '^(https?://\\S+|(?=[^\\s]*[0-9])[A-Za-z0-9#][A-Za-z0-9#._/-]{0,63})$';
const TICKET = new RegExp(TICKET_PATTERN);

export function isTicket(value: string): boolean {
  return TICKET.test(value);
}

/** The address a ticket links to: a URL as it is; an id through the template (its `{id}` replaced); else none. */
export function ticketHref(ticket: string, template: string | undefined): string | undefined {
  if (/^https?:\/\//i.test(ticket)) return ticket;
  return template ? template.split('{id}').join(encodeURIComponent(ticket)) : undefined;
}
