// Fixture of architecture.test.ts: the core importing the report, a layer far above it (on purpose).
import { render } from '../report/render';

export const ORDER = ['fail', 'pass'];
export const shown = (): string => render(ORDER);
