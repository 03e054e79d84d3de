import {
  Activity,
  type ComponentType,
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Route, Routes, useLocation, useNavigate, useNavigationType } from 'react-router';
import { useTranslation } from '../shared/i18n/use-translation.ts';
import { decideNavigation, type GuardDecision, settleMissingUser } from '../shared/navigation/guard.ts';
import { isTabPath, type NavigationKind, recordVisit } from '../shared/navigation/history.ts';
import { useSession } from '../shared/session/session-store.ts';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { toast } from '../shared/ui/feedback.ts';
import { Page } from '../shared/ui/page.tsx';
import { type RouteMeta, RouteMetaContext } from '../shared/ui/route-meta.ts';
import { ListSkeleton } from '../shared/ui/skeletons.tsx';
import { findRoute, keepScreen, type ScreenEntry, screenKey } from './keep-alive.ts';
import { homePath, type ShopperRoute, shopperRoutes } from './routes.ts';
import { BottomTabs } from './tab-bar.tsx';

/** Offline / new-version strip: its own small chunk, beside the first screen (bench/bundle-size.ts). */
const AppStatusBanner = lazy(() =>
  import('../shared/pwa/app-status-banner.tsx').then((module) => ({ default: module.AppStatusBanner })),
);

const screens = new Map<string, ComponentType>(shopperRoutes.map((route) => [route.path, lazy(route.load)]));

function ScreenFallback() {
  return (
    <Page>
      <ListSkeleton rows={3} />
    </Page>
  );
}

/**
 * One screen in its own scroll container. Hidden screens stay mounted inside `<Activity>`
 * (state kept, effects paused); the scroll position is remembered while visible and put back
 * when the screen shows again. A new screen starts at the top (docs/spec.md §2).
 */
function ScreenHost({ entry, active }: { entry: Omit<ScreenEntry, 'lastUsed'>; active: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const savedScroll = useRef(0);
  useLayoutEffect(() => {
    // Writing scrollTop lays the whole screen out at once, inside React's commit (Lighthouse's forced
    // reflow on every first screen): skipped at the top, where a new or hidden screen already is.
    if (active && ref.current && savedScroll.current !== 0) ref.current.scrollTop = savedScroll.current;
  }, [active]);
  const Screen = screens.get(entry.route.path);
  const meta = useMemo<RouteMeta>(
    () => ({ title: entry.route.title, isTab: isTabPath(entry.pathname) }),
    [entry.route, entry.pathname],
  );
  return (
    <Activity mode={active ? 'visible' : 'hidden'}>
      <div
        ref={ref}
        className="cm-screen"
        data-screen={entry.key}
        onScroll={(event) => {
          if (active) savedScroll.current = event.currentTarget.scrollTop;
        }}
      >
        <RouteMetaContext value={meta}>
          <Suspense fallback={<ScreenFallback />}>
            <Routes location={`${entry.pathname}${entry.search}`}>
              <Route path={entry.route.path} element={Screen ? <Screen /> : null} />
            </Routes>
          </Suspense>
        </RouteMetaContext>
      </div>
    </Activity>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="cm-screen">
      <Page title={t('routes.notFound')}>
        <EmptyState kind="noRecords" description={t('common.notFound')} />
      </Page>
    </div>
  );
}

function navigationKind(state: unknown, type: string): NavigationKind {
  // First: the browser's back or forward onto an entry the back button made is not a second press.
  if (type === 'POP') return 'pop';
  if (typeof state === 'object' && state !== null && 'back' in state) return 'back';
  return type === 'REPLACE' ? 'replace' : 'push';
}

/** The shopper app: guard, back-history, titles, kept-alive screens and the tab bar (docs/spec.md §2, §6). */
export function ShopperShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const hasToken = useSession((state) => state.token !== '');
  const hasUserInfo = useSession((state) => state.userInfo !== null);
  const { pathname, search } = location;

  const route: ShopperRoute | undefined = findRoute(shopperRoutes, pathname);
  const decision: GuardDecision =
    pathname === '/' ? { kind: 'redirect', to: homePath } : decideNavigation({ pathname, hasToken, hasUserInfo });

  // Back-history of docs/spec.md §2 (tab routes reset it); every arrival is recorded, redirects replace.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one record per navigation (location.key)
  useEffect(() => {
    const session = useSession.getState();
    session.setHistory(
      recordVisit(session.history, `${pathname}${search}`, navigationKind(location.state, navigationType)),
    );
  }, [location.key]);

  // Guard redirects (docs/spec.md §6).
  const redirectTo = decision.kind === 'redirect' ? decision.to : undefined;
  const redirectMessage = decision.kind === 'redirect' ? decision.message : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once per navigation
  useEffect(() => {
    if (!redirectTo) return;
    if (redirectMessage) toast(t('guard.loginFirst'));
    navigate(redirectTo, { replace: true });
  }, [location.key, redirectTo]);

  // A token without user info: fetch it, else log out (docs/spec.md §4 Session).
  const settling = useRef(false);
  useEffect(() => {
    if (decision.kind !== 'loadUser' || settling.current) return;
    settling.current = true;
    const session = useSession.getState();
    // The API client loads with the first call, not with the first screen (bundle budget).
    const accountApi = import('../shared/session/account-api.ts');
    void settleMissingUser({
      fetchUser: async () => (await accountApi).fetchUserInfo(),
      logout: async () => (await accountApi).logout(),
      setUser: session.setUserInfo,
      clearSession: session.clearSession,
      dropToken: () => session.setToken(''),
    }).then((to) => {
      settling.current = false;
      if (to) navigate(to, { replace: true });
    });
  }, [decision.kind, navigate]);

  // Page title from the route (docs/spec.md §2).
  useEffect(() => {
    const appName = t('app.name');
    document.title = route ? `${t(route.title)} · ${appName}` : appName;
  }, [route, t]);

  // Kept-alive screens: adjusted during render so the new screen shows in the same commit.
  const [kept, setKept] = useState<readonly ScreenEntry[]>([]);
  const clock = useRef(0);
  const visit =
    decision.kind === 'allow' && route
      ? { key: screenKey(pathname, search, route), route, pathname, search }
      : undefined;
  let entries = kept;
  if (visit?.route.keepAlive) {
    const next = keepScreen(kept, visit, clock.current + 1);
    if (next !== kept) {
      clock.current += 1;
      entries = next;
      setKept(next);
    }
  }

  return (
    <div className="cm-app">
      <Suspense fallback={null}>
        <AppStatusBanner />
      </Suspense>
      <div className="cm-screens">
        {entries.map((entry) => (
          <ScreenHost key={entry.key} entry={entry} active={visit?.key === entry.key} />
        ))}
        {visit && !visit.route.keepAlive && <ScreenHost key={`once:${visit.key}`} entry={visit} active />}
        {decision.kind === 'allow' && !route && <NotFound />}
        {decision.kind === 'loadUser' && (
          <div className="cm-screen">
            <ScreenFallback />
          </div>
        )}
      </div>
      {visit && isTabPath(pathname) && <BottomTabs active={pathname} />}
    </div>
  );
}
