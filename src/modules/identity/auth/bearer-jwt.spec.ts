import { KeyObject } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import type { AppConfig } from '../../../config/config';
import { bearerJwt, jwtKey } from './bearer-jwt';

const config = { jwtSecret: 'a-test-secret-of-enough-length' } as AppConfig;
/** What of passport-jwt's options these tests read (its typings do not name a KeyObject). */
const optionsOf = (c: AppConfig) => bearerJwt(c) as { secretOrKey?: unknown; algorithms?: jwt.Algorithm[] };

describe('bearer JWT key', () => {
  it('verifies with one secret KeyObject made once per configuration, not the secret string', () => {
    const options = optionsOf(config);
    expect(options.secretOrKey).toBeInstanceOf(KeyObject);
    expect((options.secretOrKey as KeyObject).type).toBe('secret');
    expect(optionsOf(config).secretOrKey).toBe(options.secretOrKey);
    expect(jwtKey(config)).toBe(options.secretOrKey);
  });

  it('accepts tokens signed with the secret and HS256 only', () => {
    const key = jwtKey(config);
    const { algorithms } = optionsOf(config);
    const claims = { typ: 'member', sub: 'SH100001' };
    expect(jwt.verify(jwt.sign(claims, config.jwtSecret), key, { algorithms })).toMatchObject(claims);
    expect(jwt.verify(jwt.sign(claims, key), key, { algorithms })).toMatchObject(claims);
    expect(() => jwt.verify(jwt.sign(claims, config.jwtSecret, { algorithm: 'HS512' }), key, { algorithms })).toThrow(
      'invalid algorithm',
    );
    expect(() => jwt.verify(jwt.sign(claims, 'another-secret-of-enough-length'), key, { algorithms })).toThrow(
      'invalid signature',
    );
  });
});
