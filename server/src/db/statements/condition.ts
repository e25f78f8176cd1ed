// A statement of a list that runs only when an earlier statement of the same list gave a certain
// number of rows: a submission batch's aggregates are added from the rows grouped as the batch was
// composed when every result of it was stored, and grouped from the stored results otherwise
// (`submissionStatements`). Deciding in the runner, from the rows the first statement returned,
// costs nothing; deciding in SQL cost each of those statements a look-up of the batch's ids.
// No imports: the SQLite write thread uses it too.

/** Run when the rows statement `rowsOf` gave number `count` (`equal`), or fewer (`fewer`). */
export interface StatementCondition {
  rowsOf: number;
  compare: 'equal' | 'fewer';
  count: number;
}

/** A statement of a list, with the condition it runs on, if any. */
export interface Conditional {
  readonly when?: StatementCondition;
}

/** Whether a statement with `condition` runs, after `rows` of the statements before it. */
export function conditionHolds(condition: StatementCondition | undefined, rows: readonly unknown[][]): boolean {
  if (condition === undefined) return true;
  const given = rows[condition.rowsOf]?.length ?? 0;
  return condition.compare === 'equal' ? given === condition.count : given < condition.count;
}
