// Realistic rows for the benchmark database: quiz content, participants and their submissions
// (result with its category figures + the answer snapshots), scored and encoded like the server does.
import { randomUUID } from 'node:crypto';
import { isCorrectAnswer, PASS_PERCENT, percentOf } from '@prometrica/shared-api/contract';
import { timeOrderedId } from '../../../server/src/lib/ids';
import { encodeAnswers, encodeCategories } from '../../../server/src/modules/results/codecs';
import type { AnswerRecord } from '../../../server/src/modules/results/records';

/** A small deterministic PRNG (mulberry32), so every run seeds the same shape of data. */
export function createRandom(seed = 42): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

export const firstNames = [
  'Amina',
  'Bilal',
  'Chen',
  'Daniela',
  'Emeka',
  'Fatima',
  'Gustavo',
  'Hana',
  'Ibrahim',
  'Julia',
  'Kenji',
  'Layla',
  'Mateo',
  'Nadia',
  'Omar',
  'Priya',
  'Quentin',
  'Rosa',
  'Samir',
  'Tara',
  'Usman',
  'Valeria',
  'Wei',
  'Ximena',
  'Yusuf',
  'Zara',
  'Adeel',
  'Bianca',
  'Carlos',
  'Dina',
  'Elif',
  'Farhan',
  'Grace',
  'Hassan',
  'Irene',
  'Jamal',
  'Kavya',
  'Leo',
  'Maryam',
  'Nikolai',
  'Olivia',
  'Pedro',
  'Rania',
  'Sofia',
  'Tomasz',
  'Umar',
  'Vera',
  'Waleed',
] as const;
export const lastNames = [
  'Khan',
  'Okafor',
  'Silva',
  'Nguyen',
  'Müller',
  'Haddad',
  'Kowalski',
  'Tanaka',
  'Rossi',
  'Ahmed',
  'Garcia',
  'Ivanova',
  'Mensah',
  'Patel',
  'Schmidt',
  'Yilmaz',
  'Dubois',
  'Hernandez',
  'Kim',
  'Larsen',
  'Mwangi',
  'Novak',
  'OBrien',
  'Pereira',
  'Qureshi',
  'Rahman',
  'Sato',
  'Torres',
  'Usman',
  'Varga',
  'Wright',
  'Zhang',
  'Abbasi',
  'Bakker',
  'Costa',
  'Demir',
  'Eriksen',
  'Farouk',
  'Gomez',
  'Hughes',
  'Iqbal',
  'Jensen',
  'Kaur',
  'Lopez',
] as const;
/** The results-page search of the benchmark: a surname some participants have (about 1 in 44). */
export const searchTerm = 'okafor';

export interface CategorySeed {
  id: string;
  name: string;
}

export interface QuestionSeed {
  id: string;
  question: string;
  correctAnswer: string;
  questionType: 'mcq' | 'truefalse' | 'fill_in_the_blanks';
  options: string[];
  category: CategorySeed;
  /** Wrong answers a participant might give. */
  wrongAnswers: string[];
}

const categoryNames = ['Communication', 'Decision Making', 'Ethics', 'Leadership', 'Resilience'];
const topics = ['feedback', 'priorities', 'conflict', 'delegation', 'stakeholders', 'deadlines', 'risk', 'trust'];

/**
 * 30 questions in 5 categories of 6 (quiz order: category name, then creation). The first
 * category has only choice questions, so the lab can answer them by clicking.
 */
export function quizContent(count = 30): { categories: CategorySeed[]; questions: QuestionSeed[] } {
  const categories = categoryNames.map((name) => ({ id: randomUUID(), name }));
  const questions: QuestionSeed[] = [];
  for (let index = 0; index < count; index++) {
    const category = categories[Math.floor((index * categories.length) / count)]!;
    const topic = topics[index % topics.length]!;
    const kind =
      category === categories[0]
        ? index % 2 === 0
          ? 'mcq'
          : 'truefalse'
        : (['mcq', 'truefalse', 'fill_in_the_blanks'] as const)[index % 3]!;
    if (kind === 'mcq') {
      const options = ['Listen first, then decide', 'Decide alone and quickly', 'Escalate every time', 'Wait and see'];
      questions.push({
        id: randomUUID(),
        question: `Question ${index + 1}: when ${topic} become difficult in your team, what do you do first?`,
        correctAnswer: options[0]!,
        questionType: 'mcq',
        options,
        category,
        wrongAnswers: options.slice(1),
      });
    } else if (kind === 'truefalse') {
      questions.push({
        id: randomUUID(),
        question: `Question ${index + 1}: clear ${topic} make a team more effective under pressure.`,
        correctAnswer: 'True',
        questionType: 'truefalse',
        options: ['True', 'False'],
        category,
        wrongAnswers: ['False'],
      });
    } else {
      questions.push({
        id: randomUUID(),
        question: `Question ${index + 1}: the ability to recover quickly from setbacks around ${topic} is called ____.`,
        correctAnswer: 'resilience',
        questionType: 'fill_in_the_blanks',
        options: [],
        category,
        wrongAnswers: ['patience', 'stubbornness', 'luck'],
      });
    }
  }
  return { categories, questions };
}

export interface ParticipantSeed {
  id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
  /** The browser session that holds the participant (`owner_session`): their tokens carry it. */
  session: string;
}

/** Participant number `n` (names repeat, emails are unique). */
export function participant(n: number, random: () => number, createdAt: string, label = 'p'): ParticipantSeed {
  const first = pick(random, firstNames);
  const last = pick(random, lastNames);
  return {
    id: randomUUID(),
    name: `${first} ${last}`,
    email: `${first}.${last}.${label}${n}@example.com`.toLowerCase(),
    // Stored as the API stores numbers (E.164), so a submission carrying it changes nothing.
    phone: `+92300${String(Math.floor(random() * 1e7)).padStart(7, '0')}`,
    createdAt,
    session: randomUUID(),
  };
}

/** What a participant answers: each question right with the participant's own probability. */
export function answersFor(questions: readonly QuestionSeed[], random: () => number): Map<string, string> {
  const skill = 0.3 + random() * 0.65;
  const answers = new Map<string, string>();
  for (const question of questions) {
    answers.set(question.id, random() < skill ? question.correctAnswer : pick(random, question.wrongAnswers));
  }
  return answers;
}

/** A result row; the last value its question set version (the seed's first one). */
export type ResultRow = [string, string, string, number, number, number, number, number, string, string, number];
export type ResultAnswersRow = [string, string];
export type ParticipantRow = [string, string, string, string, string, string, string, string, string];

/** The rows one stored submission consists of (as the server stores it), totals consistent with its answers. */
export function submissionRows(
  questions: readonly QuestionSeed[],
  who: ParticipantSeed,
  answers: ReadonlyMap<string, string>,
  createdAt: string,
): { result: ResultRow; answers: ResultAnswersRow } {
  // Ids as the server makes them (time-ordered).
  const resultId = timeOrderedId();
  const answerList: AnswerRecord[] = [];
  const figures = new Map<string, { correct: number; wrong: number }>();
  let correct = 0;
  for (const question of questions) {
    const given = answers.get(question.id) ?? '';
    const right = isCorrectAnswer(given, question.correctAnswer);
    if (right) correct += 1;
    const figure = figures.get(question.category.name) ?? { correct: 0, wrong: 0 };
    if (right) figure.correct += 1;
    else figure.wrong += 1;
    figures.set(question.category.name, figure);
    answerList.push({
      questionId: question.id,
      questionText: question.question,
      userAnswer: given,
      correctAnswer: question.correctAnswer,
      categoryName: question.category.name,
      isCorrect: right,
    });
  }
  const wrong = questions.length - correct;
  const percent = percentOf(correct, wrong);
  const categories = encodeCategories(
    [...figures].map(([name, figure]) => ({
      categoryName: name,
      correct: figure.correct,
      wrong: figure.wrong,
      total: figure.correct + figure.wrong,
      percent: percentOf(figure.correct, figure.wrong),
    })),
  );
  return {
    result: [
      resultId,
      who.id,
      who.session,
      correct,
      wrong,
      correct + wrong,
      percent,
      percent >= PASS_PERCENT ? 1 : 0,
      createdAt,
      categories,
      1,
    ],
    answers: [resultId, encodeAnswers(answerList)],
  };
}

export function participantRow(who: ParticipantSeed): ParticipantRow {
  return [
    who.id,
    who.name,
    who.name.toLowerCase(),
    who.email,
    who.email.toLowerCase(),
    who.phone,
    who.createdAt,
    who.createdAt,
    who.session,
  ];
}
