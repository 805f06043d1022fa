import { holdBootLogin } from './branding/bootLogin';
import { readSession } from './session';

// The entry is this small module: it takes charge of index.html's sign-in form at once (a press
// now waits for the console; a signed-in admin is not shown a sign-in form while the console loads),
// then fetches the console itself (React, react-admin, MUI: the large chunk).
holdBootLogin(readSession() !== null);
void import('./start').then(
  ({ start }) => start(),
  (error: unknown) => {
    console.error('the console could not be loaded', error);
    showBootProblem('The console could not be loaded. Check the connection and reload the page.');
  },
);

function showBootProblem(text: string): void {
  const wait = document.querySelector('#boot-login .boot-wait');
  if (!wait) return;
  wait.textContent = text;
  wait.closest('form')?.setAttribute('data-waiting', '');
}
