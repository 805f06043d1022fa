import { DomainError, InvariantViolation } from '../errors';
import { inputErrorFromSql, invariantFromSql, isSerializationFailure, isUniqueViolation } from './sql-errors';

// What each SQLSTATE this code base acts on maps to, for pg's errors and TypeORM's wrapped ones alike.
describe('SQLSTATE mapping', () => {
  const pgError = (code: string, extra: object = {}) => Object.assign(new Error('from PostgreSQL'), { code, ...extra });
  const typeormError = (code: string) => Object.assign(new Error('wrapped'), { driverError: { code } });

  it('text PostgreSQL cannot store (22P05, 22021) is the input error INPUT.BAD_TEXT; other states are not input errors', () => {
    for (const code of ['22P05', '22021']) {
      for (const error of [pgError(code), typeormError(code)]) {
        expect(inputErrorFromSql(error)).toEqual(
          expect.objectContaining({
            code: 'INPUT.BAD_TEXT',
            kind: 'invalid',
            message: 'Input contains characters that cannot be stored',
          }),
        );
        expect(inputErrorFromSql(error)).toBeInstanceOf(DomainError);
      }
    }
    expect(inputErrorFromSql(pgError('23505'))).toBeNull();
    expect(inputErrorFromSql(new Error('no code'))).toBeNull();
  });

  it('serialization failures and deadlocks (40001, 40P01) may be re-run; nothing else is', () => {
    expect([pgError('40001'), typeormError('40P01')].map(isSerializationFailure)).toEqual([true, true]);
    expect([pgError('23505'), new Error('x'), undefined].map(isSerializationFailure)).toEqual([false, false, false]);
  });

  it('a unique violation is recognised by its constraint; ledger_assert (LG001) becomes an InvariantViolation', () => {
    expect(isUniqueViolation(pgError('23505', { constraint: 'a_key' }), 'a_key')).toBe(true);
    expect(isUniqueViolation(pgError('23505', { constraint: 'a_key' }), 'b_key')).toBe(false);
    expect(() => invariantFromSql(pgError('LG001', { message: 'Invariant violated: balance below zero' }))).toThrow(
      new InvariantViolation('balance below zero'),
    );
    const other = pgError('22012');
    expect(() => invariantFromSql(other)).toThrow(other);
  });
});
