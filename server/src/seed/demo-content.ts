import type { QuestionKindName } from '@prometrica/shared-api/contract';

/** First-start content: what a fresh installation shows before anyone has written any. */
export interface DemoQuestion {
  question: string;
  questionType: QuestionKindName;
  options: string[];
  correctAnswer: string;
}

export interface DemoCategory {
  name: string;
  questions: DemoQuestion[];
}

export const demoCategories: DemoCategory[] = [
  {
    name: 'Leadership',
    questions: [
      {
        question:
          'Which leadership style involves the team in decisions while the leader keeps the final responsibility?',
        questionType: 'mcq',
        options: ['Autocratic', 'Participative', 'Laissez-faire', 'Transactional'],
        correctAnswer: 'Participative',
      },
      {
        question: 'Delegating a task well also means giving the person the authority to complete it.',
        questionType: 'truefalse',
        options: ['true', 'false'],
        correctAnswer: 'true',
      },
      {
        question: 'A leader who puts the growth and well-being of the team first practises ______ leadership.',
        questionType: 'fill_in_the_blanks',
        options: [],
        correctAnswer: 'servant',
      },
    ],
  },
  {
    name: 'Communication',
    questions: [
      {
        question: 'What does active listening mainly involve?',
        questionType: 'mcq',
        options: [
          'Preparing your reply while the other person talks',
          'Concentrating on, understanding and responding to the speaker',
          'Interrupting often to show interest',
          'Agreeing with everything that is said',
        ],
        correctAnswer: 'Concentrating on, understanding and responding to the speaker',
      },
      {
        question: 'In a face-to-face conversation, people understand most of the message from the words alone.',
        questionType: 'truefalse',
        options: ['true', 'false'],
        correctAnswer: 'false',
      },
      {
        question: 'Restating what someone said in your own words to check that you understood is called ______.',
        questionType: 'fill_in_the_blanks',
        options: [],
        correctAnswer: 'paraphrasing',
      },
    ],
  },
  {
    name: 'Resilience',
    questions: [
      {
        question: 'Which habit best supports recovering from a setback at work?',
        questionType: 'mcq',
        options: [
          'Avoiding the topic entirely',
          'Blaming others for the outcome',
          'Reflecting on what can be learned and planning the next steps',
          'Working longer hours without breaks',
        ],
        correctAnswer: 'Reflecting on what can be learned and planning the next steps',
      },
      {
        question: 'Resilient people never experience stress.',
        questionType: 'truefalse',
        options: ['true', 'false'],
        correctAnswer: 'false',
      },
      {
        question: 'Believing that abilities can be developed through effort and practice is called a growth ______.',
        questionType: 'fill_in_the_blanks',
        options: [],
        correctAnswer: 'mindset',
      },
    ],
  },
  {
    name: 'Decision Making',
    questions: [
      {
        question: 'Which bias leads people to favour information that supports what they already believe?',
        questionType: 'mcq',
        options: ['Anchoring bias', 'Confirmation bias', 'Availability bias', 'Hindsight bias'],
        correctAnswer: 'Confirmation bias',
      },
      {
        question:
          'Continuing a failing project only because of what has already been spent on it is an example of the sunk cost fallacy.',
        questionType: 'truefalse',
        options: ['true', 'false'],
        correctAnswer: 'true',
      },
      {
        question:
          'Listing strengths, weaknesses, opportunities and threats before deciding is known as a ______ analysis.',
        questionType: 'fill_in_the_blanks',
        options: [],
        correctAnswer: 'SWOT',
      },
    ],
  },
];

/** The seven workplace concerns of spec section 3, in the order participants see them. */
export const demoConcerns: Array<{ title: string; description: string }> = [
  {
    title: 'Clarity of Expectations',
    description: 'Knowing what is expected of you in your role and how your success is measured.',
  },
  { title: 'Recognition for Performance', description: 'Receiving acknowledgement and credit for work done well.' },
  { title: 'Encouragement & Support', description: 'Feeling supported and encouraged by your manager and colleagues.' },
  { title: 'Growth & Development', description: 'Having opportunities to learn, grow and advance in your career.' },
  {
    title: 'Resources & Tools',
    description: 'Having the equipment, information and resources you need to do your job well.',
  },
  {
    title: 'Company Purpose & Direction',
    description: 'Understanding and believing in where the company is heading and why.',
  },
  {
    title: 'Team & Culture',
    description: 'Working in a team and culture where you feel respected and that you belong.',
  },
];
