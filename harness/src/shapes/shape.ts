/** A named value shape: the vocabulary specs use where values vary between responses. */
export interface Shape {
  /** Stable name used in spec files (`{ "shape": "hex32" }`). */
  name: string;
  /** One sentence the report shows next to a failing value. */
  description: string;
  /** Values that satisfy the shape (the report shows them; the table test checks them). */
  examples: string[];
  /** Values that look close but do not satisfy the shape (checked by the table test). */
  counterExamples: string[];
  test(value: string): boolean;
  /**
   * Higher is tighter. When a value satisfies two shapes, the one with the higher specificity says
   * more about it; `tightestShape` relies on this (ties go to the earlier shape in `SHAPES`).
   */
  specificity: number;
}

/** A shape whose whole value must match one anchored regular expression. */
export function regexShape(name: string, re: RegExp, specificity: number, description: string, examples: string[], counterExamples: string[]): Shape {
  return { name, description, examples, counterExamples, specificity, test: (v) => re.test(v) };
}
