import { contentLengthMatches } from './content-length-matches';
import { tableTest } from './test-support';

tableTest(contentLengthMatches, [
  { name: 'agrees', input: { lines: [['content-length', '5']], body: 'hello' }, verdicts: ['pass'] },
  { name: 'empty body, 0', input: { lines: [['content-length', '0']], body: '' }, verdicts: ['pass'] },
  {
    name: 'repeated equal values',
    input: {
      lines: [
        ['content-length', '5'],
        ['content-length', '5'],
      ],
      body: 'hello',
    },
    verdicts: ['pass'],
  },
  {
    name: 'disagrees',
    input: { lines: [['content-length', '504']], body: 'hello' },
    verdicts: ['fail'],
    expected: 'content-length: 5',
    actual: 'content-length: 504',
  },
  { name: 'differing values', input: { lines: [['content-length', '5, 6']], body: 'hello' }, verdicts: ['fail'], actual: '5, 6' },
  { name: 'not a number', input: { lines: [['content-length', 'five']], body: 'hello' }, verdicts: ['fail'], actual: 'five' },
  { name: 'absent: not applicable', input: { body: 'hello' }, verdicts: [] },
  { name: 'HEAD: not applicable', input: { method: 'HEAD', lines: [['content-length', '5']] }, verdicts: [] },
  { name: '304: not applicable', input: { status: 304, lines: [['content-length', '5']] }, verdicts: [] },
]);
