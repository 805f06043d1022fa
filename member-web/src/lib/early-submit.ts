import { useSyncExternalStore } from 'react';

/**
 * A tap on a prerendered form's button before the app runs (issue 20 point 2). The prerendered
 * button is `type="button"` and its form has two text fields, so the browser never submits it
 * natively (no credentials in the address bar, nothing cleared); the button becomes a submit
 * button once React runs it (useAppRunning). Meanwhile:
 * - before any script: pressing the button focuses it, and CSS shows the "getting ready" line
 *   beside it (features/auth/components/auth-form.tsx);
 * - once the form's code has loaded (before React has taken the page over): a press marks the page
 *   (`<html data-early-submit>`, the same line shows), and the form is submitted as soon as the
 *   app runs, with what was typed.
 * A button still focused when the app runs counts as pressed (it says it is getting ready).
 */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-submit-when-ready';
const MARK = 'earlySubmit';

let pending: HTMLFormElement | null = null;
/** What was typed when the press came: hydration resets controlled fields to their state. */
let typed: Array<[string, string]> = [];

function pressedButton(target: EventTarget | null): HTMLButtonElement | null {
  const element = target instanceof Element ? target.closest(`button[${EARLY_SUBMIT_ATTRIBUTE}]`) : null;
  return element instanceof HTMLButtonElement ? element : null;
}

function hold(button: HTMLButtonElement): void {
  if (!button.form || button.type === 'submit') return;
  pending = button.form;
  typed = [...button.form.querySelectorAll('input[name]')].map((input) => [
    (input as HTMLInputElement).name,
    (input as HTMLInputElement).value,
  ]);
  document.documentElement.dataset[MARK] = 'waiting';
}

/** Once, when the login form's chunk loads (before hydration): notes presses of prerendered buttons until the app runs them. */
export function holdEarlySubmits(): void {
  const focused = pressedButton(document.activeElement);
  if (focused) hold(focused);
  document.addEventListener(
    'click',
    (event) => {
      const button = pressedButton(event.target);
      if (button) hold(button);
    },
    true,
  );
}

/**
 * Puts back what was typed before the app ran (as typing does: the value, then an `input` event,
 * so the screen's state follows), then submits the form on the next task.
 *
 * Hydration may leave the typed text in the field while the screen's state is still empty, and
 * React ignores an `input` event whose value is the one it last saw: the field is first emptied
 * through its own setter (React notes ''), then given the text through the element's prototype
 * setter (React does not note it), so the event is a change React passes to the screen.
 */
export function submitAsTyped(form: HTMLFormElement): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const [name, value] of typed) {
    const input = form.querySelector(`input[name="${CSS.escape(name)}"]`);
    if (!(input instanceof HTMLInputElement) || !setValue) continue;
    input.value = '';
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  typed = [];
  setTimeout(() => form.requestSubmit(), 0);
}

/** The form pressed before the app ran, once: the caller submits it (submitAsTyped). */
export function takeEarlySubmit(form: HTMLFormElement | null): boolean {
  if (pending && !pending.isConnected) {
    // The page was drawn anew (not hydrated): what was typed went with it; the member presses again.
    pending = null;
    delete document.documentElement.dataset[MARK];
  }
  if (!form || pending !== form) return false;
  pending = null;
  delete document.documentElement.dataset[MARK];
  return true;
}

const noChange = () => () => undefined;

/**
 * False while React hydrates prerendered markup (the server's snapshot), true once the app runs it
 * (and at once in a page React draws itself): the button turns into a submit button then.
 */
export function useAppRunning(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
