import { startTransition, useEffect, useState, type ComponentType } from 'react';
import type { ToastContainerProps } from 'react-toastify';

type Container = ComponentType<ToastContainerProps>;
interface Loaded {
  Container: Container;
  props: ToastContainerProps;
}

let loaded: Loaded | undefined;
/** react-toastify (with the CSS it injects) and the spec's timings, in their own chunk. */
export async function loadToasts(): Promise<Loaded> {
  if (loaded) return loaded;
  const [{ ToastContainer }, { ERROR_AUTO_CLOSE_MS, TOAST_LIMIT }] = await Promise.all([
    import('react-toastify'),
    import('../lib/notify'),
  ]);
  // Below the 64 px top bar, so a toast never covers Home or REGISTER.
  loaded = {
    Container: ToastContainer,
    props: {
      position: 'top-right',
      autoClose: ERROR_AUTO_CLOSE_MS,
      limit: TOAST_LIMIT,
      newestOnTop: true,
      style: { top: 72 },
    },
  };
  return loaded;
}

/**
 * The one toast container (at most 20 toasts at once; react-toastify 11 injects its own CSS).
 * Mounted once the app runs in the browser, never in the prerendered HTML: a page's first paint
 * does not wait for it, and a toast raised before it mounts is queued by react-toastify and shown
 * when it does.
 */
export function Toasts() {
  // Already loaded (a later mount, or tests that load it first): at once. Never during hydration,
  // which nothing loads it before, so the hydrated tree matches the prerendered one.
  const [toasts, setToasts] = useState<Loaded | undefined>(() => loaded);
  useEffect(() => {
    if (toasts) return undefined;
    let live = true;
    void loadToasts().then((next) => {
      if (live) startTransition(() => setToasts(next));
    });
    return () => {
      live = false;
    };
  }, [toasts]);
  if (!toasts) return null;
  const { Container, props } = toasts;
  return <Container {...props} />;
}
