import * as path from 'node:path';
import { DEFAULT_CONTENT_ROOT } from '../context';
import { LESSON_PLANS } from './lesson-plans';
import { compileTemplate, dotNetTicks, loadTemplate } from './home-page';

const values = {
  ASSET_ORIGIN: 'https://media.lessons.test',
  ANALYTICS_ORIGIN: 'https://analytics.beacon.test',
  SECTION: 'static',
  LW: '260408T1654',
  VI_TICKS: '1',
};

describe('dotNetTicks', () => {
  it('counts 100 ns units from 0001-01-01', () => {
    expect(dotNetTicks(new Date('1970-01-01T00:00:00Z'))).toBe('621355968000000000');
    expect(dotNetTicks(new Date('2026-04-08T16:54:52.123Z'))).toBe('639112640921230000');
  });
});

describe('compileTemplate', () => {
  it('fills placeholders and refuses unknown ones', () => {
    expect(compileTemplate('<a href="{{ASSET_ORIGIN}}/x">{{SECTION}}</a>').render(values)).toBe('<a href="https://media.lessons.test/x">static</a>');
    expect(() => compileTemplate('{{NOPE}}')).toThrow(/NOPE/);
  });

  it('loads the home page with only known placeholders, and every saved-plan button names a catalogue plan', () => {
    const html = loadTemplate(path.join(DEFAULT_CONTENT_ROOT, 'site/pages/home.html')).render(values);
    expect(html).not.toMatch(/\{\{[A-Z_]+\}\}/);
    const guids = [...html.matchAll(/data-guid="([^"]+)"/g)].map((m) => m[1]);
    expect(guids.length).toBeGreaterThan(0);
    for (const g of guids) expect(LESSON_PLANS.map((p) => p.Id)).toContain(g);
  });
});
