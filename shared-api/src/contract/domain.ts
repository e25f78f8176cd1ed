// Product rules that need no schema library, so browsers can use them too.

/** The three kinds of question, as stored. */
export type QuestionKindName = 'mcq' | 'truefalse' | 'fill_in_the_blanks';

/** Maps any accepted spelling of a question type to its kind; unknown types are true/false (spec). */
export function questionKind(type: string): QuestionKindName {
  const t = type.trim().toLowerCase();
  if (t === 'mcq' || t === 'multiple') return 'mcq';
  if (t === 'fillblanks' || t === 'fill_in_the_blanks') return 'fill_in_the_blanks';
  return 'truefalse';
}

/** round(correct / (correct + wrong) × 100), 0 when nothing was answered. */
export function percentOf(correct: number, wrong: number): number {
  const total = correct + wrong;
  return total === 0 ? 0 : Math.round((correct / total) * 100);
}

/** Passed at 50 percent or more. */
export const PASS_PERCENT = 50;

/** Low below 25, Average 25 to 75, High above 75. */
export function performanceOf(percent: number): 'Low' | 'Average' | 'High' {
  if (percent < 25) return 'Low';
  if (percent > 75) return 'High';
  return 'Average';
}

/** An answer is correct when it equals the correct answer after trimming, ignoring case. */
export function isCorrectAnswer(userAnswer: string, correctAnswer: string): boolean {
  return userAnswer.trim().toLowerCase() === correctAnswer.trim().toLowerCase();
}
