import { MEMBER_OUTCOME, MSG, REGISTRATION_MSG, REGISTRATION_OUTCOME } from './member.messages';

describe('the member contract outcomes of identity', () => {
  const all = [...Object.values(MEMBER_OUTCOME), ...Object.values(REGISTRATION_OUTCOME)];

  it('carry one stable code each, named by their table', () => {
    expect(new Set(all.map((o) => o.code)).size).toBe(all.length);
    for (const o of Object.values(MEMBER_OUTCOME)) expect(o.code).toMatch(/^MEMBER\.[A-Z_]+$/);
    for (const o of Object.values(REGISTRATION_OUTCOME)) expect(o.code).toMatch(/^REGISTRATION\.[A-Z_]+$/);
  });

  it("answer with the spec's exact texts, by the same keys", () => {
    expect(MEMBER_OUTCOME.badLogin).toEqual({ code: 'MEMBER.BAD_LOGIN', text: 'Invalid User Id or Password' });
    expect(MSG.badLogin).toBe('Invalid User Id or Password');
    expect(MSG.sponsorMissing).toBe('Sponsor Id doesnot exists !!');
    expect(MSG.lockedOut(15)).toBe('Too many failed attempts. Try again after 15 minutes.');
    expect(REGISTRATION_OUTCOME.mobileInvalid).toEqual({
      code: 'REGISTRATION.MOBILE_INVALID',
      text: 'Enter Valid Mobile Number !!',
    });
    for (const [key, o] of Object.entries(REGISTRATION_OUTCOME)) {
      expect(REGISTRATION_MSG[key as keyof typeof REGISTRATION_MSG]).toBe(o.text);
    }
  });
});
