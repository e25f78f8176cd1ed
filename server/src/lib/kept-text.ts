/**
 * Text made from a question's own strings, kept per question id: on the busiest call every
 * submission writes the same pieces of JSON for each question, so each piece is made once and made
 * again only when the question was edited (its strings are compared; unedited, they are the question
 * set's own and compare in no time). Up to three source strings, passed as they are so that a
 * lookup allocates nothing. Past `limit` questions the store starts again (a quiz has dozens).
 */
export class TextPerQuestion<T> {
  private readonly kept = new Map<string, { a: string; b: string; c: string; value: T }>();

  constructor(
    private readonly make: (id: string, a: string, b: string, c: string) => T,
    private readonly limit = 4096,
  ) {}

  get(id: string, a: string, b = '', c = ''): T {
    const kept = this.kept.get(id);
    if (kept && kept.a === a && kept.b === b && kept.c === c) return kept.value;
    const value = this.make(id, a, b, c);
    if (this.kept.size >= this.limit) this.kept.clear();
    this.kept.set(id, { a, b, c, value });
    return value;
  }
}
