import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';

type PageModule = { default: ComponentType };

/** A page component that loads its chunk on first render, or at once through `preload()`. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * React.lazy with a preload: main.tsx loads the chunk of the page the visit opens before React's
 * first render, so the first commit is the page itself, not a loading fallback in place of the
 * boot shell (src/boot). A page already loaded renders at once; otherwise it suspends as
 * React.lazy does.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = (): Promise<void> => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A failed download (a dropped connection) may be tried again on the next render.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Suspending: LazyExoticComponent<ComponentType> = lazy(() =>
    preload().then(() => ({ default: loaded as ComponentType })),
  );
  function Page() {
    return loaded ? createElement(loaded) : createElement(Suspending);
  }
  return Object.assign(Page, { preload });
}

/** Whether a route element's component is a LazyPage (so it can be preloaded). */
export function isLazyPage(component: unknown): component is LazyPage {
  return typeof component === 'function' && typeof (component as Partial<LazyPage>).preload === 'function';
}
