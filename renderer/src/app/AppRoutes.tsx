import { Navigate, Route, Routes } from 'react-router-dom';
import { useReadBoardAhead } from '../entities/project/boardPrefetch';
import { LoginPage } from '../pages/LoginPage';
import { ApiCacheGate } from './ApiCacheGate';
import { AuthGate } from './AuthGate';
import { PageFrame } from './PageFrame';
import { pages } from './pages';
import { RouteGuard } from './RouteGuard';
import { usePrefetchPages } from './usePrefetchPages';
import { useAppSelector } from '../store/hooks';

export function AppRoutes() {
  usePrefetchPages(useAppSelector((state) => state.auth.user) !== null);
  useReadBoardAhead();
  return (
    <AuthGate>
      <Routes>
        <Route element={<RouteGuard />}>
          <Route path="/login" element={<LoginPage />} />
          <Route
            element={
              <PageFrame>
                <ApiCacheGate alongside={() => pages.shell.preload()}>
                  <pages.shell />
                </ApiCacheGate>
              </PageFrame>
            }
          >
            <Route index element={<pages.dashboard />} />
            <Route path="/users" element={<pages.users />} />
            <Route path="/admin" element={<pages.admin />} />
            <Route path="/admin/permissions" element={<pages.permissions />} />
            <Route path="/profile" element={<pages.profile />} />
            <Route path="/project/:id" element={<pages.project />} />
            <Route path="/archive" element={<pages.archive />} />
            <Route path="/templates" element={<pages.templates />} />
            <Route path="/template/edit/:id" element={<pages.templateEditor />} />
            <Route path="/project-groups" element={<pages.projectGroups />} />
            <Route path="/search" element={<pages.search />} />
            <Route path="/messages" element={<pages.messages />} />
            <Route path="/messages/:userId" element={<pages.messages />} />
          </Route>
          {/* resolveRoute already sends unknown paths to /; this only catches what it lets through. */}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </AuthGate>
  );
}
