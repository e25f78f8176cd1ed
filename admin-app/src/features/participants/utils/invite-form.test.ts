import { limits } from '@prometrica/shared-api';
import { blankImport, blankInvite, importBody, inviteBody, validateImport, validateInvite } from './invite-form';

const valid = { ...blankInvite, name: 'Ada', email: 'ada@example.com' };
const messages = (errors: object) => Object.fromEntries(Object.entries(errors).filter(([, m]) => m));

test('a name and an email are enough; the expiry starts at the server default', () => {
  expect(blankInvite.expiresInDays).toBe(String(limits.invitationDays));
  expect(messages(validateInvite(valid))).toEqual({});
});

test('emails pass or fail as the server’s pattern says', () => {
  for (const email of ['ada@example.com', "o'brien+tag@mail.example.co.uk", 'a.b-c@x-y.io']) {
    expect(validateInvite({ ...valid, email }).email).toBeUndefined();
  }
  for (const email of ['ada@example', 'ada@.com', '.ada@example.com', 'ada@example.c', 'ada example@x.com']) {
    expect(validateInvite({ ...valid, email }).email).toBe('Email must be a valid email address');
  }
  expect(validateInvite({ ...valid, email: `${'a'.repeat(250)}@x.io` }).email).toBe(
    'Email must be at most 254 characters',
  );
});

test('a phone may be empty, or digits with spaces, brackets, dashes, dots and a leading +, up to 32 characters', () => {
  for (const phone of ['', '+44 (20) 7946-0000', '+44 20 7946 0958', '0300.123.4567', '03001234567']) {
    expect(validateInvite({ ...valid, phone }).phone).toBeUndefined();
  }
  const characters = 'Phone may contain only digits, spaces, dashes, dots, brackets and a leading +';
  for (const phone of ['0300 12a', '44+20', '++44 20 7946 0958', '+']) {
    expect(validateInvite({ ...valid, phone }).phone).toBe(characters);
  }
  expect(validateInvite({ ...valid, phone: '1'.repeat(33) }).phone).toBe('Phone must be at most 32 characters');
});

test('the expiry is a whole number of days from 1 to 365', () => {
  expect(validateInvite({ ...valid, expiresInDays: '' }).expiresInDays).toBe('Expiry is required');
  expect(validateInvite({ ...valid, expiresInDays: '-1' }).expiresInDays).toBe('Expiry must be a whole number of days');
  expect(validateInvite({ ...valid, expiresInDays: '0' }).expiresInDays).toBe('Expiry must be between 1 and 365 days');
  expect(validateInvite({ ...valid, expiresInDays: '366' }).expiresInDays).toBe(
    'Expiry must be between 1 and 365 days',
  );
  expect(validateInvite({ ...valid, expiresInDays: ' 365 ' }).expiresInDays).toBeUndefined();
});

test('the body is trimmed, and asks for mail only when mail is configured', () => {
  const values = { ...valid, name: ' Ada ', phone: ' 0300 ', expiresInDays: ' 7 ', send: true };
  expect(inviteBody(values, true)).toEqual({
    name: 'Ada',
    email: 'ada@example.com',
    phone: '0300',
    expiresInDays: 7,
    send: true,
  });
  expect(inviteBody(values, false).send).toBe(false);
  expect(importBody({ ...blankImport, csv: 'x', send: true }, false)).toEqual({
    csv: 'x',
    expiresInDays: limits.invitationDays,
    send: false,
  });
});

test('an import needs rows, no more than the limit, in no more than 1 MB', () => {
  expect(validateImport({ ...blankImport, csv: 'a,b\n1,2' }, 1).csv).toBeUndefined();
  expect(validateImport({ ...blankImport, csv: 'a,b\n1,2' }, 5001).csv).toBe(
    'CSV must have at most 5000 rows (it has 5001)',
  );
  expect(validateImport({ ...blankImport, csv: `name\n${'é'.repeat(600_000)}` }, 1).csv).toBe(
    'CSV must be at most 1 MB',
  );
});
