import { lazyPage } from './lazyPage';
import { BoardLoading } from './PageFrame';

/**
 * Every screen behind the login, each in its own chunk (issue 19: the login route's initial
 * JavaScript stays small). The login page itself is in the main chunk: it is the first screen.
 * A logged-in start loads the shell and the page's chunk in parallel (AppRoutes).
 */
export const pages = {
  /** Navigation, footer and settings: the frame of every logged-in screen, not of the login. */
  shell: lazyPage(() => import('./AppShell').then((m) => m.AppShell)),
  dashboard: lazyPage(() => import('../pages/DashboardPage').then((m) => m.DashboardPage)),
  users: lazyPage(() => import('../features/users/UsersPage').then((m) => m.UsersPage)),
  admin: lazyPage(() => import('../features/admin/AdminPage').then((m) => m.AdminPage)),
  permissions: lazyPage(() => import('../features/permissions/PermissionsPage').then((m) => m.PermissionsPage)),
  profile: lazyPage(() => import('../features/profile/ProfilePage').then((m) => m.ProfilePage)),
  project: lazyPage(() => import('../pages/ProjectPage').then((m) => m.ProjectPage), BoardLoading),
  archive: lazyPage(() => import('../features/archive/ArchivePage').then((m) => m.ArchivePage)),
  templates: lazyPage(() => import('../pages/TemplatesPage').then((m) => m.TemplatesPage)),
  templateEditor: lazyPage(() => import('../pages/TemplateEditorPage').then((m) => m.TemplateEditorPage)),
  projectGroups: lazyPage(() => import('../features/projectGroups/ProjectGroupsPage').then((m) => m.ProjectGroupsPage)),
  messages: lazyPage(() => import('../features/messages/MessagesPage').then((m) => m.MessagesPage)),
  search: lazyPage(() => import('../features/search/SearchPage').then((m) => m.SearchPage)),
};

/** Loads every page's chunk; the app calls it when the browser is idle after login. */
export async function preloadPages(): Promise<void> {
  await Promise.all(Object.values(pages).map((page) => page.preload()));
}
