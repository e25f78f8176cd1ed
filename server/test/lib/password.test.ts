import { hashPassword, verifyPassword } from '../../src/lib/password';

/** Stored hashes that are malformed or would make verifying cost too much. */
const hostileHashes = [
  '',
  'plain-text-password',
  'bcrypt$10$abc',
  'scrypt$16384$8$1$$',
  'scrypt$1073741824$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2g',
  'scrypt$1000$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2g',
];

describe('password hashing', () => {
  it('hashes with scrypt N=16384 r=8 p=1 and a random salt', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse battery staple');
    await expect(verifyPassword('correct horse battery staple', stored)).resolves.toBe(true);
    await expect(verifyPassword('Correct horse battery staple', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('caf\u00e9-password');
    await expect(verifyPassword('cafe\u0301-password', stored)).resolves.toBe(true);
  });

  it('refuses malformed or hostile stored hashes instead of throwing', async () => {
    for (const stored of hostileHashes) {
      await expect(verifyPassword('anything', stored)).resolves.toBe(false);
    }
  });
});
