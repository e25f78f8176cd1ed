import { createUserBodySchema } from '@prometrica/shared-api/contract';
import { emailError } from './email';

/** Whether the server's schema takes `email` (the rest of the body valid). */
const serverTakes = (email: string) =>
  createUserBodySchema.safeParse({
    name: 'Ada',
    email,
    password: 'long-enough-1',
    role: 'user',
    phoneNumber: '03001234567',
  }).success;

const addresses = [
  'ada@example.com',
  "o'brien+tag@mail.example.co.uk",
  'a.b-c@x-y.io',
  '  padded@example.com  ',
  'bad-email',
  't@x',
  'nope',
  'ada@example',
  'ada@.com',
  '.ada@example.com',
  'ada..b@example.com',
  'ada.@example.com',
  'ada@example.c',
  'ada example@x.com',
  'ada@-x.io',
  'ada@@example.com',
  `${'a'.repeat(250)}@x.io`,
];

test('an email passes in the admin forms exactly when the server takes it', () => {
  for (const email of addresses) {
    expect([email, emailError(email) === undefined]).toEqual([email, serverTakes(email)]);
  }
});

test('the message says what is wrong', () => {
  expect(emailError('   ')).toBe('Email is required');
  expect(emailError('t@x')).toBe('Email must be a valid email address');
  expect(emailError(`${'a'.repeat(250)}@x.io`)).toBe('Email must be at most 254 characters');
});
