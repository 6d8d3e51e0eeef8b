import { Navigate, Route, Routes } from 'react-router-dom';
import { de } from '@werkboard/common';
import { ArchivePage } from '../features/archive/ArchivePage';
import { LoginPage } from '../features/auth/LoginPage';
import { DashboardPage } from '../features/pages/DashboardPage';
import { PlaceholderPage } from '../features/pages/PlaceholderPage';
import { PermissionsPage } from '../features/permissions/PermissionsPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { ProjectPage } from '../features/project/ProjectPage';
import { UsersPage } from '../features/users/UsersPage';
import { AppShell } from './AppShell';
import { AuthGate } from './AuthGate';
import { RouteGuard } from './RouteGuard';

/** Every route of spec section 2. Screens not built yet show their heading and a notice. */
const PLACEHOLDER_ROUTES: readonly { path: string; title: string }[] = [
  { path: '/templates', title: de.pages.templates },
  { path: '/template/edit/:id', title: de.pages.templateEditor },
  { path: '/messages', title: de.pages.messages },
  { path: '/messages/:userId', title: de.pages.messages },
  { path: '/search', title: de.pages.search },
  { path: '/project-groups', title: de.pages.projectGroups },
  { path: '/admin', title: de.pages.admin },
];

export function AppRoutes() {
  return (
    <AuthGate>
      <Routes>
        <Route element={<RouteGuard />}>
          <Route path="/login" element={<LoginPage />} />
          <Route element={<AppShell />}>
            <Route index element={<DashboardPage />} />
            <Route path="/users" element={<UsersPage />} />
            <Route path="/admin/permissions" element={<PermissionsPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/project/:id" element={<ProjectPage />} />
            <Route path="/archive" element={<ArchivePage />} />
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
