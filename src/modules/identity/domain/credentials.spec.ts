import { checkCredentialChange, CREDENTIAL_OUTCOME as C, decideCredentialChange } from './credentials';

describe('password and transaction password changes', () => {
  it.each([
    ['password', { current: '', next: 'secret12', confirm: 'secret12' }, C.currentRequired],
    ['password', { current: 'old123', next: '', confirm: '' }, C.newRequired],
    ['password', { current: 'old123', next: 'secret12', confirm: '' }, C.confirmRequired],
    ['password', { current: 'old123', next: 'short', confirm: 'short' }, C.newTooShort],
    ['transaction', { current: 'old123', next: 'short', confirm: 'short' }, C.transactionTooShort],
    ['password', { current: 'old123', next: 'x'.repeat(21), confirm: 'x'.repeat(21) }, C.newTooLong],
    ['transaction', { current: 'old123', next: 'x'.repeat(26), confirm: 'x'.repeat(26) }, C.transactionTooLong],
    ['password', { current: 'secret12', next: 'secret12', confirm: 'secret12' }, C.sameAsOld],
    ['password', { current: 'old123', next: 'secret12', confirm: 'secret13' }, C.notMatched],
    ['password', { current: 'old123', next: 'secret12', confirm: 'secret12' }, null],
    ['password', { current: 'old123', next: 'secret12' }, null],
    ['transaction', { current: 'old123', next: 'x'.repeat(25), confirm: 'x'.repeat(25) }, null],
  ] as const)('given a %s change %j, then %j', (kind, input, expected) => {
    expect(checkCredentialChange(kind, input)).toEqual(expected);
  });

  it('keeps the spec texts', () => {
    expect([
      C.changed.text,
      C.wrongPassword.text,
      C.wrongTransactionPassword.text,
      C.sameAsOld.text,
      C.notMatched.text,
    ]).toEqual([
      'Changes Password Update Successfully',
      'Current password is wrong!',
      'Current Transaction Password is wrong!',
      'Old password can not be new password',
      'Password is not matched',
    ]);
  });

  it('given credential version 3, when either secret changes, then the event names version 4 and no secret', () => {
    expect(decideCredentialChange('password', 3)).toEqual([
      { type: 'PasswordChanged', payload: { credentialVersion: 4, via: 'profile' } },
    ]);
    expect(decideCredentialChange('transaction', 3)).toEqual([
      { type: 'TransactionPasswordChanged', payload: { credentialVersion: 4 } },
    ]);
  });
});
