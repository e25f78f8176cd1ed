import { formatPhone, phoneError, phoneTyping } from './phone';

test('a phone number is digits with spaces, dashes, dots, brackets and one leading +, up to 32 characters', () => {
  for (const phone of ['03001234567', '+44 20 7946 0958', ' (0300) 123-4567 ', '0300.123.4567', '0300']) {
    expect(phoneError(phone, 'Phone number', true)).toBeUndefined();
  }
  expect(phoneError('  ', 'Phone number', true)).toBe('Phone number is required');
  expect(phoneError('', 'Phone', false)).toBeUndefined();
  for (const phone of ['call me', '44+20', '++44 20', '+', '()']) {
    expect(phoneError(phone, 'Phone', false)).toBe(
      'Phone may contain only digits, spaces, dashes, dots, brackets and a leading +',
    );
  }
  expect(phoneError('1'.repeat(33), 'Phone', false)).toBe('Phone must be at most 32 characters');
});

test('typing keeps only what a phone number may contain, and a + only in front', () => {
  expect(phoneTyping('+44 (20)a 7946-0958')).toBe('+44 (20) 7946-0958');
  expect(phoneTyping('0300+123.4567x')).toBe('0300123.4567');
});

test('a stored number reads in international format; a number kept as typed before, or none, as it is', () => {
  expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  expect(formatPhone('+923001234567')).toBe('+92 300 1234567');
  expect(formatPhone('03001234567')).toBe('03001234567');
  expect(formatPhone('')).toBe('');
});
