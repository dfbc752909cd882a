/**
 * A line for a terminal that never loses its end: what a target sent, what a spec expected and a
 * hint are wrapped onto further lines (indented under the first), never cut. A word longer than the
 * width (a URL, a token) is broken where it must be.
 */
export const TERMINAL_WIDTH = 120;

export function wrapLine(text: string, indent: string, width = TERMINAL_WIDTH): string[] {
  const lead = /^ */.exec(text)![0];
  const lines: string[] = [];
  let line = '';
  const limit = () => (lines.length === 0 ? width - lead.length : width - indent.length);
  const flush = () => {
    lines.push(lines.length === 0 ? lead + line : indent + line);
    line = '';
  };
  for (const word of text.slice(lead.length).split(' ')) {
    let w = word;
    if (line && line.length + 1 + w.length > limit()) flush();
    while (!line && w.length > limit()) {
      line = w.slice(0, limit());
      w = w.slice(line.length);
      flush();
    }
    line = line ? `${line} ${w}` : w;
  }
  if (line || lines.length === 0) flush();
  return lines;
}
