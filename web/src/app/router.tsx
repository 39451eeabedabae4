import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from '@/components/RootLayout';
import { CITY_SLUGS } from '@/content/cities';
import { LOCALE_PREFIX, LOCALES, type Locale } from '@/i18n/locale';
import { NotFoundRoute } from '@/routes/not-found';
import { RouteErrorRoute } from '@/routes/route-error';

type PageModule = { Component: ComponentType };
type PageLoader = () => Promise<PageModule>;

/** What the prerender and the browser need to know of a lazy page route. */
export type PageHandle = {
  /** The page's module under src/, without extension: its chunk is preloaded in the page's HTML. */
  module?: string;
  /** Imports the page's module (written out, so the bundler sees the import). */
  load: PageLoader;
};

/** Page components whose code has arrived, by loader. */
const loadedPages = new Map<PageLoader, ComponentType>();

/** Loads a page's code once; the component renders synchronously from then on. */
async function loadPage(load: PageLoader): Promise<ComponentType> {
  const known = loadedPages.get(load);
  if (known) return known;
  const { Component: Page } = await load();
  loadedPages.set(load, Page);
  return Page;
}

/**
 * A lazily loaded page. The first page's code is loaded before hydration
 * (loadMatchedRoutes), so it renders at once and matches the prerendered
 * HTML; after a client-side navigation the main area stays empty for the
 * moment the chunk takes to arrive. A failed load reaches the error boundary.
 */
function LazyPage({ load }: { load: PageLoader }) {
  const [, setLoaded] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const Page = loadedPages.get(load);
  useEffect(() => {
    if (Page) return;
    let live = true;
    loadPage(load).then(
      () => live && setLoaded((n) => n + 1),
      (e: unknown) => live && setError(() => e),
    );
    return () => {
      live = false;
    };
  }, [Page, load]);
  if (error) throw error;
  return Page ? <Page /> : null;
}

const currentPath = () => (typeof window === 'undefined' ? '' : window.location.pathname);

/**
 * Shows RouteErrorRoute instead of a page that threw while loading or
 * rendering; a navigation to another address tries again.
 */
class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; path: string }> {
  override state = { error: null as unknown, path: '' };
  static getDerivedStateFromError(error: unknown) {
    return { error, path: currentPath() };
  }
  override render() {
    const { error, path } = this.state;
    if (error && path === currentPath()) return <RouteErrorRoute error={error} />;
    return this.props.children;
  }
}

/**
 * A lazy page route. `module` is the page's module under src/ (its chunk is
 * preloaded in the page's HTML); `load` imports that same module — it must
 * be written out, so the bundler sees the import.
 */
function page(id: string, path: string | null, module: string, load: PageLoader): RouteObject {
  const handle: PageHandle = { module, load };
  const element = <LazyPage load={load} />;
  return path === null ? { id, index: true, handle, element } : { id, path, handle, element };
}

const loadCity = async () => ({ Component: (await import('@/routes/city')).CityRoute });
const loadAuth = async () => ({ Component: (await import('@/routes/auth')).AuthRoute });
const loadSetPassword = async () => ({ Component: (await import('@/routes/set-password')).SetPasswordRoute });
const loadForgotPassword = async () => ({
  Component: (await import('@/routes/forgot-password')).ForgotPasswordRoute,
});
const loadAdmin = async () => ({ Component: (await import('@/routes/admin/layout')).AdminLayoutRoute });

/** A staff-area route: its own lazy chunk, its errors caught; no public frame. */
function staffPage(id: string, path: string, load: PageLoader): RouteObject {
  return {
    id,
    path,
    handle: { load } satisfies PageHandle,
    element: (
      <RouteErrorBoundary>
        <LazyPage load={load} />
      </RouteErrorBoundary>
    ),
  };
}

/**
 * The staff area (SPEC §2 "Staff sign-in", "Admin"): outside the public
 * frame, never prerendered (it depends on who is signed in), and split into
 * its own chunks so visitors never download it. Each tab owns the addresses
 * under its path (`posts/*`, …) with descendant routes.
 */
export const staffRoutes: RouteObject[] = [
  staffPage('auth', '/auth', loadAuth),
  // A one-time link's page (issue 39): outside the admin's guard, since whoever opens it is not signed in yet.
  staffPage('set-password', '/admin/set-password', loadSetPassword),
  // Asking for a reset link by e-mail: outside the guard too.
  staffPage('forgot-password', '/admin/forgot-password', loadForgotPassword),
  // One lazy route for the whole admin: its tabs are descendant routes of
  // routes/admin/layout.tsx, so the entry names two staff chunks, not seven.
  staffPage('admin', '/admin/*', loadAdmin),
];

type Localized = { en: [module: string, load: PageLoader]; es: [module: string, load: PageLoader] };

/**
 * Pages whose words live in the route's module (the long copy of the
 * service and city pages): each language has its own module, so a page
 * loads only its own language's copy.
 */
const localizedPages = {
  home: {
    en: ['routes/home', async () => ({ Component: (await import('@/routes/home')).HomeRoute })],
    es: ['routes/es/home', async () => ({ Component: (await import('@/routes/es/home')).HomeRoute })],
  },
  resources: {
    en: ['routes/resources', async () => ({ Component: (await import('@/routes/resources')).ResourcesRoute })],
    es: ['routes/es/resources', async () => ({ Component: (await import('@/routes/es/resources')).ResourcesRoute })],
  },
  riskMap: {
    en: ['routes/risk-map', async () => ({ Component: (await import('@/routes/risk-map')).RiskMapRoute })],
    es: ['routes/es/risk-map', async () => ({ Component: (await import('@/routes/es/risk-map')).RiskMapRoute })],
  },
  city: {
    en: ['routes/city', loadCity],
    es: ['routes/es/city', async () => ({ Component: (await import('@/routes/es/city')).CityRoute })],
  },
  cippLining: {
    en: ['routes/service-cipp-lining', async () => ({ Component: (await import('@/routes/service-cipp-lining')).CippLiningRoute })],
    es: ['routes/es/service-cipp-lining', async () => ({ Component: (await import('@/routes/es/service-cipp-lining')).CippLiningRoute })],
  },
  pipeBursting: {
    en: ['routes/service-pipe-bursting', async () => ({ Component: (await import('@/routes/service-pipe-bursting')).PipeBurstingRoute })],
    es: ['routes/es/service-pipe-bursting', async () => ({ Component: (await import('@/routes/es/service-pipe-bursting')).PipeBurstingRoute })],
  },
  epoxyCoating: {
    en: ['routes/service-epoxy-coating', async () => ({ Component: (await import('@/routes/service-epoxy-coating')).EpoxyCoatingRoute })],
    es: ['routes/es/service-epoxy-coating', async () => ({ Component: (await import('@/routes/es/service-epoxy-coating')).EpoxyCoatingRoute })],
  },
  drainInspections: {
    en: ['routes/service-drain-inspections', async () => ({ Component: (await import('@/routes/service-drain-inspections')).DrainInspectionsRoute })],
    es: ['routes/es/service-drain-inspections', async () => ({ Component: (await import('@/routes/es/service-drain-inspections')).DrainInspectionsRoute })],
  },
} satisfies Record<string, Localized>;

/**
 * The public pages of one language (SPEC §2; issue 40 for Spanish). Each
 * page is its own chunk (`lazy`), so a page loads only its own code;
 * `handle.module` names that chunk's module so the prerender can preload
 * it, and main.tsx resolves the matched modules before hydrating. Spanish
 * route ids are the English ones with `es-` in front.
 */
function publicPages(locale: Locale): RouteObject[] {
  const id = (name: string) => (locale === 'en' ? name : `${locale}-${name}`);
  const local = (name: string, path: string | null, pages: Localized) => page(id(name), path, pages[locale][0], pages[locale][1]);
  return [
    local('home', null, localizedPages.home),
    page(id('contact'), 'contact', 'routes/contact', async () => ({
      Component: (await import('@/routes/contact')).ContactRoute,
    })),
    local('service-cipp-lining', 'services/cipp-lining', localizedPages.cippLining),
    local('service-pipe-bursting', 'services/pipe-bursting', localizedPages.pipeBursting),
    local('service-epoxy-coating', 'services/epoxy-coating', localizedPages.epoxyCoating),
    local('service-drain-inspections', 'services/drain-inspections', localizedPages.drainInspections),
    // SPEC §2: /resources and /blog are the same page.
    local('resources', 'resources', localizedPages.resources),
    local('blog', 'blog', localizedPages.resources),
    local('risk-map', 'risk-map', localizedPages.riskMap),
    page(id('sitemap'), 'sitemap', 'routes/sitemap', async () => ({
      Component: (await import('@/routes/sitemap')).SitemapRoute,
    })),
    page(id('privacy'), 'privacy', 'routes/privacy', async () => ({
      Component: (await import('@/routes/privacy')).PrivacyRoute,
    })),
    page(id('terms'), 'terms', 'routes/terms', async () => ({ Component: (await import('@/routes/terms')).TermsRoute })),
    // An article lives at its own language's address: /blog/{slug} when it is
    // written in English, /es/blog/{slug} in Spanish (issue 40); one module
    // draws both, in the page's language.
    page(id('blog-post'), 'blog/:slug', 'routes/blog-post', async () => ({
      Component: (await import('@/routes/blog-post')).BlogPostRoute,
    })),
    ...CITY_SLUGS.map((slug) => local(`city-${slug}`, slug, localizedPages.city)),
    { id: id('not-found'), path: '*', element: <NotFoundRoute /> },
  ];
}

/** The public frame of one language, its pages inside. */
function publicRoot(locale: Locale): RouteObject {
  return {
    id: locale === 'en' ? 'root' : `root-${locale}`,
    ...(locale === 'en' ? {} : { path: LOCALE_PREFIX[locale].slice(1) }),
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: publicPages(locale),
  };
}

/** The public site's route table: English at the root, Spanish under /es (issue 40). */
export const publicRoutes: RouteObject[] = LOCALES.map(publicRoot);

/** Every route of the app: the staff area first, so /auth and /admin win over the public not-found. */
export const routes: RouteObject[] = [...staffRoutes, ...publicRoutes];

/** Every path the table names outright (no parameters, no splat), e.g. for prerendering. */
export function staticPaths(table: readonly RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path?.includes(':') || route.path?.includes('*')) return [];
    const here = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent || '/';
    const own = route.index || (route.path && !route.children) ? [here] : [];
    return [...own, ...staticPaths(route.children ?? [], here)];
  });
}

/** The page modules of the matched routes, for the prerender's preloads. */
export function pageModules(handles: readonly unknown[]): string[] {
  return handles.flatMap((h) => {
    const module = (h as PageHandle | undefined)?.module;
    return typeof module === 'string' ? [module] : [];
  });
}

/** The app's pages under the router of the browser or of the prerender. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Loads the code of the pages that `pathname` matches, so the first render
 * (hydration, or the prerender) draws the same page the server did instead
 * of an empty main area.
 */
export async function loadMatchedRoutes(table: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(table, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) => {
      const handle = route.handle as PageHandle | undefined;
      return handle?.load ? loadPage(handle.load) : undefined;
    }),
  );
}
