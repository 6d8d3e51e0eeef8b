import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminPage } from '../features/admin/AdminPage';
import { ArchivePage } from '../features/archive/ArchivePage';
import { LoginPage } from '../pages/LoginPage';
import { MessagesPage } from '../features/messages/MessagesPage';
import { DashboardPage } from '../pages/DashboardPage';
import { PermissionsPage } from '../features/permissions/PermissionsPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { ProjectPage } from '../pages/ProjectPage';
import { ProjectGroupsPage } from '../features/projectGroups/ProjectGroupsPage';
import { SearchPage } from '../features/search/SearchPage';
import { TemplateEditorPage } from '../pages/TemplateEditorPage';
import { TemplatesPage } from '../pages/TemplatesPage';
import { UsersPage } from '../features/users/UsersPage';
import { AppShell } from './AppShell';
import { AuthGate } from './AuthGate';
import { RouteGuard } from './RouteGuard';

export function AppRoutes() {
  return (
    <AuthGate>
      <Routes>
        <Route element={<RouteGuard />}>
          <Route path="/login" element={<LoginPage />} />
          <Route element={<AppShell />}>
            <Route index element={<DashboardPage />} />
            <Route path="/users" element={<UsersPage />} />
            <Route path="/admin" element={<AdminPage />} />
            <Route path="/admin/permissions" element={<PermissionsPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/project/:id" element={<ProjectPage />} />
            <Route path="/archive" element={<ArchivePage />} />
            <Route path="/templates" element={<TemplatesPage />} />
            <Route path="/template/edit/:id" element={<TemplateEditorPage />} />
            <Route path="/project-groups" element={<ProjectGroupsPage />} />
            <Route path="/search" element={<SearchPage />} />
            <Route path="/messages" element={<MessagesPage />} />
            <Route path="/messages/:userId" element={<MessagesPage />} />
          </Route>
          {/* resolveRoute already sends unknown paths to /; this only catches what it lets through. */}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </AuthGate>
  );
}
