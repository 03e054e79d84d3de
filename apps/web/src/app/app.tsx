import { lazy, Suspense } from 'react';

const HomePage = lazy(() => import('../features/home/pages/home-page.tsx'));
const SellerArea = lazy(() => import('../areas/seller-area.tsx'));
const AdminArea = lazy(() => import('../areas/admin-area.tsx'));

/** The three areas share one build and load lazily; the shell issue replaces this with the router. */
function pickArea(pathname: string) {
  if (pathname === '/seller' || pathname.startsWith('/seller/')) return <SellerArea />;
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return <AdminArea />;
  return <HomePage />;
}

export function App() {
  return <Suspense fallback={null}>{pickArea(window.location.pathname)}</Suspense>;
}
