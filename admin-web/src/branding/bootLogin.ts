/**
 * index.html's sign-in form, drawn with the page before the console's code has arrived (issue 20
 * §10: admin-web's login form appeared after 10 s on a slow connection). It cannot submit itself
 * (a `type="button"` button and two text fields: no implicit submission), so credentials never reach
 * a URL. Until the console runs:
 * - before any script: pressing the button focuses it, and CSS shows the "getting ready" line;
 * - once the entry module runs (`holdBootLogin`, long before the console's large chunk): a press, or
 *   Enter in a field, is held (the same line shows);
 * - when react-admin's login form mounts it takes the form over (`takeBootLogin`): what was typed, the
 *   field that had the focus, and — when the button was pressed (or is still focused) with both fields
 *   filled — the sign-in itself.
 * A signed-in admin is not shown the form: it is removed as soon as the entry module runs.
 */
export const BOOT_LOGIN_ID = 'boot-login';

export interface BootLogin {
  username: string;
  password: string;
  /** Sign in at once: the button was pressed before the console ran, with both fields filled. */
  submit: boolean;
  /** The field the admin was typing in, to keep the focus there. */
  focus: 'username' | 'password' | null;
}

let pressed = false;
/**
 * What had the focus in the early form. Kept when the console's own form takes the focus (its
 * autofocus runs before the take-over), cleared only when the focus left for nothing.
 */
let focused: 'username' | 'password' | 'button' | null = null;

function bootElement(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(BOOT_LOGIN_ID);
}

/** Runs once from the entry module: holds presses of the early form (or removes it for a signed-in admin). */
export function holdBootLogin(signedIn: boolean): void {
  const boot = bootElement();
  if (!boot) return;
  if (signedIn) {
    boot.remove();
    return;
  }
  const form = boot.querySelector('form');
  if (!form) return;
  const press = () => {
    pressed = true;
    form.setAttribute('data-waiting', '');
  };
  const active = document.activeElement;
  if (active instanceof HTMLButtonElement && form.contains(active)) press();
  focused = focusedPart(active, form);
  form.addEventListener('focusin', (event) => {
    focused = focusedPart(event.target, form);
  });
  form.addEventListener('focusout', (event) => {
    if (event.relatedTarget === null) focused = null;
  });
  form.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('button')) press();
  });
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    press();
  });
  // Never a native submission, whatever a browser or an extension does with the form.
  form.addEventListener('submit', (event) => event.preventDefault());
}

function focusedPart(target: EventTarget | null, form: HTMLFormElement): typeof focused {
  if (!(target instanceof Element) || !form.contains(target)) return null;
  if (target instanceof HTMLButtonElement) return 'button';
  if (!(target instanceof HTMLInputElement)) return null;
  return target.name === 'username' || target.name === 'password' ? target.name : null;
}

/**
 * Called once by react-admin's login form as it mounts: what the early form holds, which is removed
 * (the console's form stands in its place); null when there is none (already taken, or never drawn).
 */
export function takeBootLogin(): BootLogin | null {
  const boot = bootElement();
  if (!boot) return null;
  const value = (name: string) => boot.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? '';
  const username = value('username');
  const password = value('password');
  const asked = pressed || focused === 'button';
  const filled = username.trim() !== '' && password !== '';
  // A press with a field left empty signs nobody in: the focus goes to the empty field.
  const empty = username.trim() === '' ? 'username' : 'password';
  const typingIn = focused === 'username' || focused === 'password' ? focused : null;
  const taken: BootLogin = {
    username,
    password,
    submit: asked && filled,
    focus: typingIn ?? (asked && !filled ? empty : null),
  };
  pressed = false;
  focused = null;
  boot.remove();
  return taken;
}
