import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EPIN_OUTCOME } from '../../modules/epins';
import { HELP_OUTCOME } from '../../modules/help';
import {
  CREDENTIAL_OUTCOME,
  MEMBER_OUTCOME,
  MSG,
  REGISTRATION_OUTCOME,
  SECRET_CHECK_OUTCOME,
} from '../../modules/identity';
import { PAY_MSG } from '../../modules/payments';
import { PROFILE_MSG, PROFILE_OUTCOME } from '../../modules/profile';
import { SUPPORT_OUTCOME } from '../../modules/support';
import { WALLET_OUTCOME } from '../../modules/wallet';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../platform/http/unavailable';
import { ConcurrencyError } from '../../platform/errors';

/**
 * Issue 20: member-web shows every server text a member can see in Hindi, from its catalogue
 * (member-web/src/lib/server-texts/hi.json). This proves the catalogue knows each text of the member
 * contract's outcome tables, so a new outcome without its Hindi fails here, not on a member's phone.
 */
const catalogue = JSON.parse(
  readFileSync(join(__dirname, '../../../member-web/src/lib/server-texts/hi.json'), 'utf8'),
) as { texts: Record<string, string>; patterns: string[][] };

const knows = (text: string): boolean =>
  text in catalogue.texts || catalogue.patterns.some(([pattern]) => new RegExp(pattern ?? '').test(text));

describe('the Hindi catalogue of server texts', () => {
  const texts = [
    ...Object.values(MEMBER_OUTCOME).map((o) => o.text),
    ...Object.values(REGISTRATION_OUTCOME).map((o) => o.text),
    ...Object.values(CREDENTIAL_OUTCOME).map((o) => o.text),
    ...Object.values(EPIN_OUTCOME).map((o) => o.text),
    ...Object.values(HELP_OUTCOME)
      .map((o) => o.text)
      .filter((t) => t !== 'status must be 1 or 2'),
    ...Object.values(PROFILE_OUTCOME).map((o) => o.text),
    ...Object.values(PROFILE_MSG),
    ...Object.values(PAY_MSG),
    ...Object.values(SUPPORT_OUTCOME).map((o) => o.text),
    ...Object.values(WALLET_OUTCOME)
      .map((o) => o.text)
      .filter((t) => t !== WALLET_OUTCOME.belowMinimum.text),
    `${WALLET_OUTCOME.belowMinimum.text} 100`,
    MSG.lockedOut(15),
    SECRET_CHECK_OUTCOME.lockedOut(15).text,
    SERVICE_UNAVAILABLE_MESSAGE,
    new ConcurrencyError('s', 1).message,
  ];

  it.each(texts.map((t) => [t]))('knows %j', (text) => {
    expect(knows(text)).toBe(true);
  });
});
