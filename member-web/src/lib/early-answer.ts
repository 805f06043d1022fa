/**
 * The dashboard's first answer, asked for before the app runs (decision 0040, issue 20's targets).
 *
 * `/dashboard` arrives as its own shell (app/shell/shell-files.ts) whose first script is the small
 * module app/early-dashboard.ts: it reads the session from storage and sends POST /api/userDashboard
 * at once, in parallel with the app's code, and draws the member's status and net balance into the
 * shell when the answer comes. The app then takes that answer (once) instead of asking again, so
 * the only network wait before the balance is that one call, no longer the code's download first.
 *
 * The early module does not import this file (a chunk shared by the two would add an entry to the
 * app's preload map, and the entry is at its size budget); it writes the same window property.
 */
export interface EarlyAnswer {
  /** The member and token the call was made for; the app takes the answer only for the same ones. */
  uid: string;
  token: string;
  /** The body of a 200 answer; undefined once it failed or answered anything else (the app then asks itself). */
  answer: Promise<unknown>;
  /** The body, once a 200 answer has come. */
  settled?: unknown;
  /** Set when the app has taken the answer: a later read (a retry, a new visit of the screen) asks the server. */
  taken?: boolean;
}

/** The window property the early module (app/early-dashboard.ts, which imports nothing of this file) puts it in. */
export const EARLY_ANSWER_KEY = '__sahyogEarlyDashboard';
const KEY = EARLY_ANSWER_KEY;

type Holder = { [KEY]?: EarlyAnswer };

const holder = (): Holder | undefined => (typeof window === 'undefined' ? undefined : (window as unknown as Holder));

export function putEarlyAnswer(early: EarlyAnswer): void {
  const target = holder();
  if (target) target[KEY] = early;
}

function early(uid: string, token: string): EarlyAnswer | undefined {
  const found = holder()?.[KEY];
  return found && !found.taken && found.uid === uid && found.token === token ? found : undefined;
}

/** The early answer's body if it has already come (for the screen's first render), without taking it. */
export function settledEarlyAnswer(uid: string, token: string): unknown {
  return early(uid, token)?.settled;
}

/**
 * Takes the early answer for this member and token (once): its body, or undefined when there is
 * none, it failed, or it was not a 200 (the caller then makes the call itself, with its usual handling).
 */
export async function takeEarlyAnswer(uid: string, token: string): Promise<unknown> {
  const found = early(uid, token);
  if (!found) return undefined;
  found.taken = true;
  return found.answer.catch(() => undefined);
}
