import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../pages/LoginPage';
import { ApiCacheGate } from './ApiCacheGate';
import { AuthGate } from './AuthGate';
import { PageFrame } from './PageFrame';
import { pages } from './pages';
import { pageRoutes } from './pageRoutes';
import { RouteGuard } from './RouteGuard';
import { usePrefetchPages } from './usePrefetchPages';
import { useAppSelector } from '../store/hooks';

/** The frame's chunk, loaded alongside the data cache (one function for every render of the gate). */
const preloadShell = () => pages.shell.preload();

export function AppRoutes() {
  usePrefetchPages(useAppSelector((state) => state.auth.user) !== null);
  return (
    <AuthGate>
      <Routes>
        <Route element={<RouteGuard />}>
          <Route path="/login" element={<LoginPage />} />
          <Route
            element={
              <PageFrame>
                <ApiCacheGate alongside={preloadShell}>
                  <pages.shell />
                </ApiCacheGate>
              </PageFrame>
            }
          >
            {pageRoutes.map(({ path, page }) => {
              const Page = pages[page];
              return <Route key={path} path={path} element={<Page />} />;
            })}
          </Route>
          {/* resolveRoute already sends unknown paths to /; this only catches what it lets through. */}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </AuthGate>
  );
}
