// What the spec fixes, written out once for the tests that check the server against it (and the
// participant app's fallback concerns, participant-app/src/features/concerns/concerns.test.ts).

/** The seven workplace concerns the first start seeds, in their order. */
export const specConcernTitles = [
  'Clarity of Expectations',
  'Recognition for Performance',
  'Encouragement & Support',
  'Growth & Development',
  'Resources & Tools',
  'Company Purpose & Direction',
  'Team & Culture',
];

/** The three answers a participant gives to each concern. */
export const specRatingOptions = ['A little', 'Quite a Bit', 'A great deal'];
