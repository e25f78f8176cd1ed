import { createUserBodySchema, createInvitationBodySchema, validateUserBodySchema } from './contract';
import { defaultPhoneRegion, formatPhone, isPhoneRegion, normalisePhone, phoneRegion, setPhoneRegion } from './phone';

afterEach(() => setPhoneRegion(defaultPhoneRegion));

describe('normalisePhone', () => {
  it('reads international numbers with spaces, dashes, dots, brackets and a leading +, in E.164', () => {
    for (const [typed, stored] of [
      ['+44 20 7946 0958', '+442079460958'],
      ['+442079460958', '+442079460958'],
      [' +44 (20) 7946-0958 ', '+442079460958'],
      ['+1 415.555.2671', '+14155552671'],
      ['+92 300 1234567', '+923001234567'],
    ]) {
      expect(normalisePhone(typed!)).toBe(stored);
    }
  });

  it('reads a number without + as Pakistani: the local pattern 03XXXXXXXXX', () => {
    expect(phoneRegion()).toBe('PK');
    for (const typed of ['03001234567', '0300 1234567', '(0300) 123-4567', '0300.123.4567', '3001234567']) {
      expect(normalisePhone(typed)).toBe('+923001234567');
    }
  });

  it('reads a number without + in the region set for the process, or the one given', () => {
    expect(normalisePhone('020 7946 0958', 'GB')).toBe('+442079460958');
    setPhoneRegion('GB');
    expect(normalisePhone('020 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('+92 300 1234567')).toBe('+923001234567');
  });

  it('refuses what is not a possible number, or has other characters', () => {
    for (const typed of [
      '',
      ' ',
      '0300',
      '123',
      '+44 20',
      '+',
      '03001234567890123',
      '0300 CALL ME',
      '44+20 7946 0958',
    ]) {
      expect([typed, normalisePhone(typed)]).toEqual([typed, null]);
    }
    expect(normalisePhone('++44 20 7946 0958')).toBeNull();
    expect(normalisePhone('+44 20 7946 0958 ext. 12')).toBeNull();
  });
});

test('formatPhone shows E.164 in international format, and anything else as it is', () => {
  expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  expect(formatPhone('+923001234567')).toBe('+92 300 1234567');
  expect(formatPhone('03001234567')).toBe('03001234567');
  expect(formatPhone('')).toBe('');
});

test('isPhoneRegion knows two-letter country codes with numbering data', () => {
  expect(isPhoneRegion('PK')).toBe(true);
  expect(isPhoneRegion('GB')).toBe(true);
  for (const code of ['pk', 'XX', 'PAK', '92', '']) expect(isPhoneRegion(code)).toBe(false);
});

describe('the contract keeps phone numbers in E.164 and names the field when it refuses one', () => {
  const account = { name: 'A', email: 'a@example.com', password: 'a-long-password', role: 'user' };
  const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
    result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('a required phone number (accounts)', () => {
    const parsed = createUserBodySchema.parse({ ...account, phoneNumber: '+44 20 7946 0958' });
    expect(parsed.phoneNumber).toBe('+442079460958');
    expect(issues(createUserBodySchema.safeParse({ ...account, phoneNumber: ' ' }))).toEqual([
      'phoneNumber: phoneNumber is required',
    ]);
    expect(issues(createUserBodySchema.safeParse({ ...account }))).toEqual(['phoneNumber: phoneNumber is required']);
    expect(issues(createUserBodySchema.safeParse({ ...account, phoneNumber: '0300' }))).toEqual([
      'phoneNumber: phoneNumber must be a valid phone number (an international one starts with + and its country code)',
    ]);
    expect(issues(createUserBodySchema.safeParse({ ...account, phoneNumber: '0300-CALL-ME' }))).toEqual([
      'phoneNumber: phoneNumber must contain only digits, spaces, dashes, dots, brackets and a leading +',
    ]);
    expect(issues(createUserBodySchema.safeParse({ ...account, phoneNumber: '1'.repeat(33) }))).toEqual([
      'phoneNumber: phoneNumber must be at most 32 characters',
    ]);
  });

  it('an optional phone number (participant details, invitations)', () => {
    expect(validateUserBodySchema.parse({ email: 'a@example.com', phone: '0300 1234567' }).phone).toBe('+923001234567');
    expect(validateUserBodySchema.parse({ email: 'a@example.com', phone: ' ' }).phone).toBe('');
    expect(validateUserBodySchema.parse({ email: 'a@example.com' }).phone).toBeUndefined();
    expect(issues(validateUserBodySchema.safeParse({ email: 'a@example.com', phone: '03-00' }))).toEqual([
      'phone: phone must be a valid phone number (an international one starts with + and its country code)',
    ]);
    const invitee = { name: 'N', email: 'n@example.com' };
    expect(createInvitationBodySchema.parse(invitee).phone).toBe('');
    expect(createInvitationBodySchema.parse({ ...invitee, phone: '+44 20 7946 0958' }).phone).toBe('+442079460958');
  });
});
