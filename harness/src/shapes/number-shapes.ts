import { regexShape, type Shape } from './shape';

/** Shapes of numbers and numeric identifiers. */

export const integer = regexShape(
  'integer',
  /^-?(0|[1-9][0-9]*)$/,
  20,
  'A decimal integer without leading zeros, optionally negative (e.g. "expires: -1", a width).',
  ['0', '-1', '604800'],
  ['', '007', '1.5', '+1', '1e3', ' 1'],
);

export const digits = regexShape(
  'digits',
  /^[0-9]+$/,
  25,
  'One or more decimal digits (leading zeros allowed), e.g. a cache-busting "v=" value.',
  ['0', '1376755637', '007'],
  ['', '-1', '12a', '1.0', ' 1'],
);

export const ms13 = regexShape(
  'ms13',
  /^1[0-9]{12}$/,
  65,
  'Milliseconds since the Unix epoch, 13 digits (2001..2286), e.g. the query of VisitorIdentificationCSS.aspx.',
  ['1712595292123', '1775000000000'],
  ['171259529212', '17125952921234', '0712595292123', '1712595292.12'],
);

/** .NET ticks (100 ns since 0001-01-01) between the years 2000 and 2100: 18 digits. */
const TICKS_2000 = 630822816000000000n;
const TICKS_2100 = 662380416000000000n;

export const netTicks: Shape = {
  name: 'net-ticks',
  description: '.NET DateTime ticks (100 ns units since 0001-01-01), 18 digits, a date between 2000 and 2100 (the VIcurrentDateTime meta tag).',
  examples: ['638481296920000000', '639000000000000000'],
  counterExamples: ['63848129692000000', '1712595292123', '999999999999999999', '63848129692000000x'],
  specificity: 66,
  test(v) {
    if (!/^[0-9]{18}$/.test(v)) return false;
    const n = BigInt(v);
    return n >= TICKS_2000 && n < TICKS_2100;
  },
};
