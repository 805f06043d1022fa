import { describe, expect, it, vi } from 'vitest';
import { FIRST_INTERACTION_EVENTS, hydrationPlan } from '../hydration';

/**
 * Whether `promise` has settled once the tasks already queued ran. Frames are the test's to give
 * (`frames` below): racing jsdom's own frame timer against a fixed wait fails on a busy machine,
 * where both come due in one turn of the event loop and the wait runs before the frame's task.
 */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

/** Holds requestAnimationFrame's callbacks until `paint()` runs them, as the browser after a paint. */
function frames() {
  const pending: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => pending.push(callback));
  return {
    paint: () => {
      for (const callback of pending.splice(0)) callback(performance.now());
    },
  };
}

describe('how main.tsx starts React on the page the server sent (decision 0021)', () => {
  it('proves a route without prerendered markup renders at once', async () => {
    const plan = hydrationPlan({ pathname: '/dashboard', prerenderedIn: undefined, language: 'en' });
    expect(plan.hydrate).toBe(false);
    expect(await settled(plan.ready)).toBe(true);
  });

  it('proves a page prerendered in another language than the device chose is drawn anew, not hydrated', async () => {
    const plan = hydrationPlan({ pathname: '/login', prerenderedIn: 'en', language: 'hi' });
    expect(plan.hydrate).toBe(false);
    expect(await settled(plan.ready)).toBe(true);
  });

  it('proves /login is hydrated once its prerendered page has been painted', async () => {
    const { paint } = frames();
    const plan = hydrationPlan({ pathname: '/login', prerenderedIn: 'hi', language: 'hi' });
    expect(plan.hydrate).toBe(true);
    expect(await settled(plan.ready)).toBe(false);
    paint();
    expect(await settled(plan.ready)).toBe(true);
  });

  it.each(FIRST_INTERACTION_EVENTS)(
    'proves the landing page waits for the first interaction (%s) to hydrate',
    async (type) => {
      const plan = hydrationPlan({ pathname: '/', prerenderedIn: 'en', language: 'en' });
      expect(plan.hydrate).toBe(true);
      expect(await settled(plan.ready)).toBe(false);
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      expect(await settled(plan.ready)).toBe(true);
    },
  );
});
