import { lazy, Suspense, type ComponentType } from 'react';
import { Loading } from 'react-admin';

type View = 'list' | 'show' | 'edit' | 'create';
type Views = Partial<Record<View, ComponentType>>;

/** One view of a resource in its resource's chunk, with react-admin's loading state meanwhile. */
function lazyView(load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyView() {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy />
      </Suspense>
    );
  };
}

/** A page outside the resources (a custom route) in its own chunk. */
export const lazyPage = lazyView;

/**
 * A resource whose views are fetched when first shown: its module (`load`, the resource's
 * index.ts) becomes its own chunk. react-admin must know at once which views exist (show
 * buttons, row clicks, the menu and its icon), so `views` and `icon` are given here; a view
 * the module does not export is a build-time mistake reported on first use.
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
