import { describe, expect, it } from 'vitest';
import { FIRST_INTERACTION_EVENTS, hydrationPlan } from '../hydration';

/** Whether `promise` has settled once pending tasks (and a frame) ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
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
    const plan = hydrationPlan({ pathname: '/login', prerenderedIn: 'hi', language: 'hi' });
    expect(plan.hydrate).toBe(true);
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
