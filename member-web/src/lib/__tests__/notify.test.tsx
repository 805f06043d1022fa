import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider';
import { emulateCssAnimations } from '../../testing/css-animations';
import { notifyError, notifySuccess } from '../notify';

/*
 * Spec §8: error toasts last 4 s, success toasts 2 s, at most 20 at once. react-toastify 11 times a
 * toast with its progress bar's CSS animation (started once the 0.5 s entrance animation has ended) and
 * removes it after its exit animation (0.5 s) and collapse (300 ms). jsdom runs no CSS animations, so
 * `emulateCssAnimations` plays them on the fake clock with the durations the library's own CSS gives.
 */

/** The library's entrance animation (`.Toastify--animate`, 0.5 s); the toast's clock starts after it. */
const ENTRANCE_MS = 500;
/** Exit animation (0.5 s) + collapse (300 ms) + two animation frames, rounded up. */
const EXIT_ALLOWANCE_MS = 900;

let stopAnimations: () => void = () => undefined;

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function toasts(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('.Toastify__toast'));
}

/** A toast that is shown and not leaving: `data-in="true"` and announced as an alert. */
function shown(text: string): boolean {
  return toasts().some(
    (toast) => toast.textContent === text && toast.dataset.in === 'true' && toast.getAttribute('role') === 'alert',
  );
}

function present(text: string): boolean {
  return toasts().some((toast) => toast.textContent === text);
}

/** After its entrance: shown until 100 ms before `lifetimeMs`, leaving at `lifetimeMs`, gone once its exit animation ends. */
async function expectLifetime(text: string, lifetimeMs: number) {
  await advance(lifetimeMs - 100);
  expect(shown(text)).toBe(true);
  await advance(100);
  expect(shown(text)).toBe(false);
  await advance(EXIT_ALLOWANCE_MS);
  expect(present(text)).toBe(false);
}

describe('toasts (lib/notify + the ToastContainer of app/provider)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // A browser tab in front: react-toastify pauses toasts while the document has no focus.
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    render(
      <AppProvider>
        <main />
      </AppProvider>,
    );
    stopAnimations = emulateCssAnimations();
  });

  afterEach(() => {
    stopAnimations();
    vi.useRealTimers();
  });

  it('proves an error toast is still shown at 3.9 s, leaves at 4 s and is gone once its exit animation ends', async () => {
    act(() => notifyError('Enter Quantity !!'));
    await advance(ENTRANCE_MS);
    expect(shown('Enter Quantity !!')).toBe(true);
    expect(document.querySelector('.Toastify__progress-bar--animated')).toHaveStyle({
      animationDuration: '4000ms',
      animationPlayState: 'running',
    });
    await expectLifetime('Enter Quantity !!', 4000);
  });

  it('proves a success toast is still shown at 1.9 s, leaves at 2 s and is gone once its exit animation ends', async () => {
    act(() => notifySuccess('Copied Referral Link'));
    await advance(ENTRANCE_MS);
    expect(shown('Copied Referral Link')).toBe(true);
    await expectLifetime('Copied Referral Link', 2000);
  });

  it('proves at most 20 toasts are on screen after 25 calls; the other 5 wait and show as the first ones leave', async () => {
    act(() => {
      for (let i = 1; i <= 25; i += 1) notifyError(`Error ${i}`);
    });
    await advance(ENTRANCE_MS);
    expect(toasts()).toHaveLength(20);
    const texts = toasts().map((toast) => toast.textContent);
    for (let i = 1; i <= 20; i += 1) expect(texts).toContain(`Error ${i}`);
    expect(texts).not.toContain('Error 21');

    // The first 20 leave after 4 s; the queued 5 take their places (none is dropped).
    await advance(4000 + EXIT_ALLOWANCE_MS);
    expect(
      toasts()
        .map((toast) => toast.textContent)
        .sort(),
    ).toEqual(['Error 21', 'Error 22', 'Error 23', 'Error 24', 'Error 25']);
  });
});

describe('one current message (issue 20)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    render(
      <AppProvider>
        <main />
      </AppProvider>,
    );
    stopAnimations = emulateCssAnimations();
  });

  afterEach(() => {
    stopAnimations();
    vi.useRealTimers();
  });

  it('proves a success clears the error toasts still shown, so "Invalid User Id or Password" never stands beside "Login successful!"', async () => {
    act(() => notifyError('Invalid User Id or Password'));
    await advance(ENTRANCE_MS);
    expect(shown('Invalid User Id or Password')).toBe(true);
    act(() => notifySuccess('Login successful!'));
    await advance(ENTRANCE_MS + EXIT_ALLOWANCE_MS);
    expect(present('Invalid User Id or Password')).toBe(false);
    expect(shown('Login successful!')).toBe(true);
  });
});
