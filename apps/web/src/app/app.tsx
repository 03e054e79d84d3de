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

/** Runs `task` after the window's load event (every picture and script of the first screen is in). */
function afterLoad(task: () => void) {
  if (document.readyState === 'complete') task();
  else window.addEventListener('load', task, { once: true });
}

/** Lets code outside React (the API client's 401 rule) navigate with the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => registerNavigator((to) => navigate(to)), [navigate]);
  useEffect(() => {
    whenIdle(preloadFeedback);
    // The worker's precache (the app shell, ~700 KB) must not compete with the first screen's
    // scripts and pictures: it starts once the page has loaded and the browser is idle (ADR 0020).
    afterLoad(() => whenIdle(() => void import('../shared/pwa/register-pwa.ts').then((pwa) => pwa.registerPwa())));
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
