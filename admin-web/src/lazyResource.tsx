import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Loading } from 'react-admin';

type View = 'list' | 'show' | 'edit' | 'create';
type Views = Partial<Record<View, ComponentType>>;

/** Every lazily loaded module of the app, so tests can load them all before rendering. */
const loaders = new Set<() => Promise<unknown>>();

/**
 * One view in its module's chunk, with react-admin's loading state meanwhile. Once the code is
 * here the view renders directly (no Suspense flash on later visits); the choice is made once per
 * mounted view.
 */
function lazyView(load: () => Promise<ComponentType>): ComponentType {
  let loaded: ComponentType | undefined;
  const fetch = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  loaders.add(fetch);
  const Lazy = lazy(async () => ({ default: await fetch() }));
  return function LazyView() {
    const [Ready] = useState(() => loaded);
    if (Ready) return <Ready />;
    return (
      <Suspense fallback={<Loading />}>
        <Lazy />
      </Suspense>
    );
  };
}

/** A page outside the resources (a custom route) in its own chunk. */
export const lazyPage = lazyView;

/** Loads every lazily loaded view (the component tests render whole screens). */
export async function preloadAllViews(): Promise<void> {
  await Promise.all([...loaders].map((load) => load()));
}

/**
 * A resource whose views are fetched when first shown: its module (`load`, the resource's
 * index.ts) becomes its own chunk. react-admin must know at once which views exist (show
 * buttons, row clicks, the menu and its icon), so `views` and `icon` are given here; a view
 * the module does not export is reported on first use.
 */
export function lazyResource(
  load: () => Promise<{ default: Views }>,
  views: readonly View[],
  icon: ComponentType,
): Views & { icon: ComponentType } {
  const resource: Views & { icon: ComponentType } = { icon };
  for (const view of views)
    resource[view] = lazyView(async () => {
      const component = (await load()).default[view];
      if (!component) throw new Error(`the resource module has no ${view} view`);
      return component;
    });
  return resource;
}
