import { PASS_PERCENT, type InsightFlag } from '@prometrica/shared-api';
import { insightFlags, insightThresholds } from '@prometrica/shared-api/insights';

// What each figure means, in a sentence or two: the tooltips of the section's column headings and
// figures. The formulas and the reasons for the thresholds are in docs/insights.md; these say the
// same in plain words.

const percent = (share: number) => `${Math.round(share * 100)}%`;

export const definitions = {
  participants: 'Submitted results counted under the filters.',
  mean: 'The average score, as a percentage of the questions.',
  median: 'The middle score: half the participants scored this or less.',
  sd: 'Standard deviation: how far scores typically sit from the mean, in percentage points.',
  skewness:
    'Skewness: 0 for a symmetric spread of scores; negative when a tail of low scores pulls it left, positive when a tail of high scores pulls it right.',
  kurtosis:
    'Excess kurtosis: 0 for a normal spread; positive when scores bunch in the middle with long tails, negative when they spread evenly.',
  passRate: `The share of participants who passed (a score of ${PASS_PERCENT}% or more).`,
  alpha:
    "Cronbach's alpha (KR-20 for right-or-wrong questions): how consistently the questions measure the same thing, from 0 to 1. 0.7 or more is usually read as consistent.",
  sem: 'Standard error of measurement: how far a participant’s score may sit from their true score by chance, in percentage points.',
  questions: 'How many questions the score is out of.',
  position: 'The question’s place in the question set.',
  question: 'The question as this question-set version asked it.',
  category: 'The category the question belongs to.',
  answered: 'Participants who answered the question.',
  facility: 'Facility: the share of participants who answered correctly. High means easy, low means hard.',
  discrimination:
    'Discrimination: how well the question separates stronger from weaker participants, from −1 to 1. It is the correlation between getting this question right and the score on the other questions. Negative or near zero suggests a wrong key or unclear wording.',
  options:
    'For each answer offered: the share of participants who chose it, and their mean score on the other questions. A wrong option chosen by high scorers is worth a second look.',
  medianTime:
    'The middle time participants spent on the question, from the times saved with their answers. Times are counted in bands, so it is close rather than exact.',
} as const;

/** Each flag's badge text and what it means, thresholds included. */
export const flagInfo: Record<InsightFlag, { label: string; color: string; meaning: string }> = {
  too_easy: {
    label: 'Too easy',
    color: 'yellow',
    meaning: `more than ${percent(insightThresholds.tooEasyAbove)} answered correctly, so it tells participants apart very little.`,
  },
  too_hard: {
    label: 'Too hard',
    color: 'orange',
    meaning: `fewer than ${percent(insightThresholds.tooHardBelow)} answered correctly, close to what guessing gives.`,
  },
  check_key: {
    label: 'Check the key',
    color: 'red',
    meaning: `discrimination below ${insightThresholds.checkKeyBelow}: participants who do well on the rest do no better here, the usual sign of a wrong key or unclear wording.`,
  },
};

/** The Flags column's definition: each flag's meaning. */
export const flagsDefinition = insightFlags
  .map((flag) => `${flagInfo[flag].label}: ${flagInfo[flag].meaning}`)
  .join(' ');
