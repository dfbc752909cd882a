/**
 * Date parsing for HTTP (RFC 9110 §5.6.7) and cookies (RFC 6265 §5.1.1). `Date.parse` accepts far
 * more than either grammar and depends on the engine, so neither is used for matching.
 */

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function utc(year: number, month: number, day: number, h: number, m: number, s: number): Date | undefined {
  if (month < 0 || month > 11 || day < 1 || day > 31 || h > 23 || m > 59 || s > 59) return undefined;
  const d = new Date(Date.UTC(year, month, day, h, m, s));
  // Date.UTC maps years 0..99 to 1900..1999; set the full year explicitly.
  d.setUTCFullYear(year);
  if (d.getUTCDate() !== day || d.getUTCMonth() !== month) return undefined; // 31 Feb
  return d;
}

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase());
}

const IMF = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), ([0-9]{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([0-9]{4}) ([0-9]{2}):([0-9]{2}):([0-9]{2}) GMT$/;
const RFC850 =
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), ([0-9]{2})-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-([0-9]{2}) ([0-9]{2}):([0-9]{2}):([0-9]{2}) GMT$/;
const ASCTIME = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([ 0-9][0-9]) ([0-9]{2}):([0-9]{2}):([0-9]{2}) ([0-9]{4})$/;

/**
 * An HTTP-date. `strict` accepts only IMF-fixdate (what senders must generate); otherwise the
 * obsolete RFC 850 and asctime forms that recipients must accept are parsed too. The weekday must
 * agree with the date.
 */
export function parseHttpDate(value: string, options: { strict?: boolean } = {}): Date | undefined {
  let m = IMF.exec(value);
  if (m) {
    const d = utc(Number(m[4]), monthIndex(m[3]), Number(m[2]), Number(m[5]), Number(m[6]), Number(m[7]));
    return d && DAYS[d.getUTCDay()] === m[1] ? d : undefined;
  }
  if (options.strict) return undefined;
  m = RFC850.exec(value);
  if (m) {
    // RFC 9110: a two-digit year more than 50 years in the future is in the past century.
    let year = 2000 + Number(m[4]);
    if (year > new Date().getUTCFullYear() + 50) year -= 100;
    const d = utc(year, monthIndex(m[3]), Number(m[2]), Number(m[5]), Number(m[6]), Number(m[7]));
    return d && LONG_DAYS[d.getUTCDay()] === m[1] ? d : undefined;
  }
  m = ASCTIME.exec(value);
  if (m) {
    const d = utc(Number(m[7]), monthIndex(m[2]), Number(m[3].trim()), Number(m[4]), Number(m[5]), Number(m[6]));
    return d && DAYS[d.getUTCDay()] === m[1] ? d : undefined;
  }
  return undefined;
}

/** The cookie-date algorithm of RFC 6265 §5.1.1 (what browsers apply to Expires). */
export function parseCookieDate(value: string): Date | undefined {
  const tokens = value.split(/[\x09\x20-\x2F\x3B-\x40\x5B-\x60\x7B-\x7E]+/).filter(Boolean);
  let time: [number, number, number] | undefined;
  let day: number | undefined;
  let month: number | undefined;
  let year: number | undefined;
  for (const token of tokens) {
    let m: RegExpExecArray | null;
    if (!time && (m = /^([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})(?:[^0-9].*)?$/.exec(token))) {
      time = [Number(m[1]), Number(m[2]), Number(m[3])];
    } else if (day === undefined && (m = /^([0-9]{1,2})(?:[^0-9].*)?$/.exec(token))) {
      day = Number(m[1]);
    } else if (month === undefined && monthIndex(token) >= 0 && /^[a-z]{3}/i.test(token)) {
      month = monthIndex(token);
    } else if (year === undefined && (m = /^([0-9]{2,4})(?:[^0-9].*)?$/.exec(token))) {
      year = Number(m[1]);
    }
  }
  if (!time || day === undefined || month === undefined || year === undefined) return undefined;
  if (year >= 70 && year <= 99) year += 1900;
  else if (year >= 0 && year <= 69) year += 2000;
  if (year < 1601) return undefined;
  return utc(year, month, day, ...time);
}

/** An HTTP date (any of the three forms) or, failing that, a cookie date. */
export function parseAnyDate(value: string): Date | undefined {
  return parseHttpDate(value.trim()) ?? parseCookieDate(value);
}

/** IMF-fixdate of a Date, for messages. */
export function formatHttpDate(date: Date): string {
  return date.toUTCString();
}
