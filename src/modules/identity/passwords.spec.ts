import * as argon2 from 'argon2';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing (decision 0047)', () => {
  it('hashes with argon2id at OWASP’s 12 MiB × 3 passes profile', async () => {
    const hash = await hashPassword('Member@123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=12288,p=1,t=3\$/);
    expect(await verifyPassword(hash, 'Member@123')).toBe(true);
    expect(await verifyPassword(hash, 'Member@124')).toBe(false);
  });

  it('still verifies hashes made with the earlier 19 MiB × 2 passes', async () => {
    const earlier = await argon2.hash('Member@123', {
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(await verifyPassword(earlier, 'Member@123')).toBe(true);
    expect(await verifyPassword(earlier, 'Member@12')).toBe(false);
  });
});
