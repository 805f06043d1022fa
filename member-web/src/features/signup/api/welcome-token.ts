/**
 * The welcome token registrationWeb answers: it lets this browser (and only this one) see the new
 * member's email and mobile in full on the welcome letter. Kept in sessionStorage — never in the
 * URL — keyed by the uid it belongs to, and sent as the X-Welcome-Token header.
 */
export const WELCOME_TOKEN_KEY = 'welcomeToken';

export function storeWelcomeToken(uid: string, token: string): void {
  try {
    window.sessionStorage.setItem(WELCOME_TOKEN_KEY, JSON.stringify({ uid, token }));
  } catch {
    // Storage refused (private mode, quota): the letter then shows the details masked.
  }
}

/** The stored token if it belongs to `uid`, else undefined. */
export function welcomeTokenFor(uid: string): string | undefined {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(WELCOME_TOKEN_KEY) ?? 'null') as {
      uid?: unknown;
      token?: unknown;
    } | null;
    return parsed && parsed.uid === uid && typeof parsed.token === 'string' ? parsed.token : undefined;
  } catch {
    return undefined;
  }
}
