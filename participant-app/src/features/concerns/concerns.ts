/** The three answers to "how much does this bother you?", in column order (spec section 2). */
export const ratingOptions = [
  { value: 'A little', heading: 'A Little' },
  { value: 'Quite a Bit', heading: 'Quite a Bit' },
  { value: 'A great deal', heading: 'A Great Deal' },
] as const;

/** A concern as the assessment shows it. */
export interface RatedConcern {
  /** Stable key for selections: the server id, or the title-derived key for a fallback concern. */
  key: string;
  /** The server's id; null for a fallback concern, which cannot be submitted. */
  id: string | null;
  title: string;
  description: string;
  /** The text sent for each column, in column order. */
  options: [string, string, string];
}

/** Which column (0 to 2) is chosen for each concern, by concern key. */
export type Selections = Record<string, number>;

/** Spec section 3: the title lowercased, with every non-alphanumeric character replaced by `_`. */
export function concernKey(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]/g, '_');
}

const standardOptions = (): [string, string, string] => [
  ratingOptions[0].value,
  ratingOptions[1].value,
  ratingOptions[2].value,
];

const fallbackTitles: [string, string][] = [
  ['Clarity of Expectations', 'Knowing what is expected of you at work.'],
  ['Recognition for Performance', 'Being recognised for doing good work.'],
  ['Encouragement & Support', 'Having someone at work who encourages your development.'],
  ['Growth & Development', 'Having the chance to learn and grow.'],
  ['Resources & Tools', 'Having what you need to do your work well.'],
  ['Company Purpose & Direction', 'Seeing how the organisation’s purpose makes your work matter.'],
  ['Team & Culture', 'Working with people committed to doing good work together.'],
];

/** The seven concerns shown when the list cannot be loaded (spec section 3). */
export const fallbackConcerns: RatedConcern[] = fallbackTitles.map(([title, description]) => ({
  key: concernKey(title),
  id: null,
  title,
  description,
  options: standardOptions(),
}));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Reads `GET complaint-bother/get-all`: a `complaints` list of objects with a text `_id` and
 * `title`. Anything else is not trusted (null). A concern whose own options spell a column's
 * answer differently sends its own spelling.
 */
export function parseConcerns(body: unknown): RatedConcern[] | null {
  if (!isRecord(body) || !Array.isArray(body.complaints)) return null;
  const concerns: RatedConcern[] = [];
  for (const item of body.complaints as unknown[]) {
    if (!isRecord(item) || typeof item._id !== 'string' || !item._id || typeof item.title !== 'string') return null;
    const own = Array.isArray(item.botherOptions)
      ? item.botherOptions.filter((o): o is string => typeof o === 'string')
      : [];
    const spelled = (standard: string) =>
      own.find((o) => o.trim().toLowerCase() === standard.toLowerCase())?.trim() ?? standard;
    const [a, b, c] = standardOptions();
    concerns.push({
      key: item._id,
      id: item._id,
      title: item.title,
      description: typeof item.description === 'string' ? item.description : '',
      options: [spelled(a), spelled(b), spelled(c)],
    });
  }
  return concerns;
}

/**
 * Keeps choices when the list changes (a fallback list replaced by the loaded one on Retry):
 * a concern keeps the choice made under its own key or under its title's key.
 */
export function carrySelections(selections: Selections, concerns: RatedConcern[]): Selections {
  const carried: Selections = {};
  for (const concern of concerns) {
    const choice = selections[concern.key] ?? selections[concernKey(concern.title)];
    if (choice !== undefined) carried[concern.key] = choice;
  }
  return carried;
}
