import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { registerNavigator } from '../shared/navigation/navigator.ts';
import { preloadFeedback } from '../shared/ui/feedback.ts';
import { ShopperShell } from './shopper-shell.tsx';

/** The seller (antd-mobile) and admin (antd) areas load on demand: the shopper bundle never carries them. */
const SellerArea = lazy(() => import('../areas/seller/seller-area.tsx'));
const AdminArea = lazy(() => import('../areas/admin/admin-area.tsx'));

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already shows every failure; retrying would repeat the toast.
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Runs `task` when the browser is idle (at the latest after 10 s). */
function whenIdle(task: () => void) {
  if (window.requestIdleCallback) window.requestIdleCallback(task, { timeout: 10_000 });
  else setTimeout(task, 200);
}

/**
 * Whether the first screen is complete: the page has loaded, a screen shows its content (no skeleton)
 * and its eager pictures (banner, first cards, gallery) are in.
 */
function firstScreenComplete(): boolean {
  if (document.readyState !== 'complete' || !document.querySelector('.cm-screen')) return false;
  if (document.querySelector('.cm-screen [aria-busy="true"]')) return false;
  return [...document.querySelectorAll<HTMLImageElement>('img[loading="eager"]')].every((img) => img.complete);
}

/**
 * Runs `task` once the first screen is complete and the browser is idle, at the latest after 10 s:
 * work that is not for the first screen does not compete with its scripts and pictures (ADR 0020).
 */
function afterFirstScreen(task: () => void) {
  const deadline = performance.now() + 10_000;
  const check = () => {
    if (firstScreenComplete() || performance.now() > deadline) task();
    else setTimeout(() => whenIdle(check), 200);
  };
  whenIdle(check);
}

/** Lets code outside React (the API client's 401 rule) navigate with the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((to) => navigate(to)), [navigate]);
  useEffect(() => {
    // The toast and dialog code, then the worker with its precache (the app shell, ~700 KB).
    afterFirstScreen(() => {
      preloadFeedback();
      void import('../shared/pwa/register-pwa.ts').then((pwa) => pwa.registerPwa());
    });
  }, []);
  return null;
}

function AreaFallback() {
  return <div className="cm-area-loading" aria-busy="true" />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <NavigatorBridge />
        <Routes>
          <Route
            path="/seller/*"
            element={
              <Suspense fallback={<AreaFallback />}>
                <SellerArea />
              </Suspense>
            }
          />
          <Route
            path="/admin/*"
            element={
              <Suspense fallback={<AreaFallback />}>
                <AdminArea />
              </Suspense>
            }
          />
          <Route path="*" element={<ShopperShell />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
