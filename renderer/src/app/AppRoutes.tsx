import { Navigate, Route, Routes } from 'react-router-dom';
import { de } from '@werkboard/common';
import { LoginPage } from '../pages/LoginPage';
import { PlaceholderPage } from '../pages/PlaceholderPage';
import { AuthGate } from './AuthGate';
import { PageFrame } from './PageFrame';
import { pages } from './pages';
import { RouteGuard } from './RouteGuard';
import { usePrefetchPages } from './usePrefetchPages';
import { useAppSelector } from '../store/hooks';

/** Every route of spec section 2. Screens not built yet show their heading and a notice. */
const PLACEHOLDER_ROUTES: readonly { path: string; title: string }[] = [
  { path: '/messages', title: de.pages.messages },
  { path: '/messages/:userId', title: de.pages.messages },
];

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
                <pages.shell />
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
            {PLACEHOLDER_ROUTES.map(({ path, title }) => (
              <Route key={path} path={path} element={<PlaceholderPage title={title} />} />
            ))}
          </Route>
          {/* resolveRoute already sends unknown paths to /; this only catches what it lets through. */}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </AuthGate>
  );
}
