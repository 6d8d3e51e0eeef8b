import Router from '@koa/router';
import compose from 'koa-compose';
import { authenticate } from '../middleware/authenticate';
import { idempotency } from '../middleware/idempotency';
import type { AppContext, AppMiddleware, AppRouterContext, AppState } from '../appTypes';
import { registerAdminRoutes } from './admin';
import { registerAuthRoutes } from './auth';
import { registerExternalUserRoutes } from './externalUsers';
import { registerImageRoutes } from './images';
import { registerLogRoutes } from './logs';
import { registerPermissionRoutes } from './permissions';
import { registerProjectGroupRoutes } from './projectGroups';
import { registerProjectRoutes } from './projects';
import { registerSearchRoutes } from './search';
import { registerServerInfoRoutes } from './serverInfo';
import { registerSettingsRoutes } from './settings';
import { registerStatusRoutes } from './status';
import { registerTagRoutes } from './tags';
import { registerTeamRoutes } from './team';
import { registerTemplateRoutes } from './templates';
import { registerUserRoutes } from './users';

/**
 * The /api contract. Public routes answer without a token; every other /api path goes
 * through bearer authentication first (so an unknown path gives 401 to strangers, not a
 * map of what exists). Each resource registers itself from its own module.
 */
export function createApiMiddleware(jwtSecret: string): AppMiddleware {
  const publicRoutes = new Router<AppState, AppContext>({ prefix: '/api' });
  const protectedRoutes = new Router<AppState, AppContext>({ prefix: '/api' });

  registerStatusRoutes(publicRoutes);
  registerServerInfoRoutes(publicRoutes);
  registerAuthRoutes(publicRoutes, protectedRoutes);
  registerLogRoutes(protectedRoutes);
  registerPermissionRoutes(protectedRoutes);
  registerUserRoutes(protectedRoutes);
  registerExternalUserRoutes(protectedRoutes);
  registerSettingsRoutes(protectedRoutes);
  registerAdminRoutes(protectedRoutes);
  registerProjectRoutes(protectedRoutes);
  registerTemplateRoutes(protectedRoutes);
  registerTagRoutes(protectedRoutes);
  registerProjectGroupRoutes(protectedRoutes);
  registerSearchRoutes(protectedRoutes);
  registerTeamRoutes(protectedRoutes);
  registerImageRoutes(protectedRoutes);

  const publicStack = compose<AppRouterContext>([publicRoutes.routes(), publicRoutes.allowedMethods()]);
  const protectedStack = compose<AppRouterContext>([
    ...(authenticate(jwtSecret) as compose.Middleware<AppRouterContext>[]),
    idempotency,
    protectedRoutes.routes(),
    protectedRoutes.allowedMethods(),
  ]);

  return (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next();
    const stack = publicRoutes.match(ctx.path, ctx.method).route ? publicStack : protectedStack;
    // The routers add params and router to the context themselves.
    return stack(ctx as AppRouterContext, next);
  };
}
