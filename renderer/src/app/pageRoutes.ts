import type { pages } from './pages';

/**
 * The logged-in routes and the page (pages.ts) each renders. AppRoutes renders them; the build
 * reads this table (vite.config.ts) to preload the chunks of the route a visitor lands on, and
 * the start (landing.ts) to begin that page's chunks and first reads at once (issue 19).
 */
export const pageRoutes = [
  { path: '/', page: 'dashboard' },
  { path: '/users', page: 'users' },
  { path: '/admin', page: 'admin' },
  { path: '/admin/permissions', page: 'permissions' },
  { path: '/profile', page: 'profile' },
  { path: '/project/:id', page: 'project' },
  { path: '/archive', page: 'archive' },
  { path: '/templates', page: 'templates' },
  { path: '/template/edit/:id', page: 'templateEditor' },
  { path: '/project-groups', page: 'projectGroups' },
  { path: '/search', page: 'search' },
  { path: '/messages', page: 'messages' },
  { path: '/messages/:userId', page: 'messages' },
] as const satisfies readonly { path: string; page: Exclude<keyof typeof pages, 'shell'> }[];

export type PageName = (typeof pageRoutes)[number]['page'];
