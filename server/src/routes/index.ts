import compose from 'koa-compose';
import { ApiRoutes } from '../http/endpoint';
import { authenticate } from '../middleware/authenticate';
import { LoginThrottle } from '../middleware/loginThrottle';
import type { AppMiddleware, AppRouterContext } from '../appTypes';
import { registerAdminRoutes } from './admin';
import { registerAppointmentRoutes } from './appointments';
import { registerSecondFactorRoutes } from './secondFactor';
import { registerAuthRoutes } from './auth';
import { registerBackupRoutes } from './backup';
import { registerCustomerTypeRoutes } from './customerTypes';
import { registerEventRoutes } from './events';
import { registerExternalUserRoutes } from './externalUsers';
import { registerImageFileRoutes } from './imageFiles';
import { registerImageRoutes } from './images';
import { registerInvitationRoutes } from './invitations';
import { registerLicenseRoutes } from './license';
import { registerLogRoutes } from './logs';
import { registerMessageRoutes } from './messages';
import { registerPermissionRoutes } from './permissions';
import { registerProjectGroupRoutes } from './projectGroups';
import { registerProjectRoutes } from './projects';
import { registerPushRoutes } from './push';
import { registerSearchRoutes } from './search';
import { registerServerInfoRoutes } from './serverInfo';
import { registerSettingsRoutes } from './settings';
import { registerStatsRoutes } from './stats';
import { registerStatusRoutes } from './status';
import { registerSystemInfoRoutes } from './systemInfo';
import { registerTagRoutes } from './tags';
import { registerTemplateRoutes } from './templates';
import { registerUserRoutes } from './users';

/**
 * The /api contract. Public routes answer without a token; every other /api path goes
 * through bearer authentication first (so an unknown path gives 401 to strangers, not a
 * map of what exists, and no body of a stranger is read). Each URL prefix registers its
 * endpoints from the file of its name; every answer is `Cache-Control: no-store` unless
 * the endpoint says otherwise (docs/security.md, finding 14).
 */
export function createApiMiddleware(jwtSecret: string): AppMiddleware {
  const api = new ApiRoutes();
  // Failed logins, counted for the login route and lifted from the users page.
  const loginThrottle = new LoginThrottle();
  registerStatusRoutes(api);
  registerServerInfoRoutes(api);
  registerAuthRoutes(api, loginThrottle);
  registerSecondFactorRoutes(api, loginThrottle);
  registerLogRoutes(api);
  registerPermissionRoutes(api);
  registerUserRoutes(api, loginThrottle);
  registerExternalUserRoutes(api);
  registerSettingsRoutes(api);
  registerStatsRoutes(api);
  registerSystemInfoRoutes(api);
  registerLicenseRoutes(api);
  registerAdminRoutes(api);
  // Before the prefix files: '/projects/export' is no project id.
  registerBackupRoutes(api);
  registerProjectRoutes(api);
  registerTemplateRoutes(api);
  registerCustomerTypeRoutes(api);
  registerTagRoutes(api);
  registerProjectGroupRoutes(api);
  registerSearchRoutes(api);
  registerAppointmentRoutes(api);
  registerInvitationRoutes(api);
  registerImageRoutes(api);
  registerImageFileRoutes(api);
  registerEventRoutes(api);
  registerPushRoutes(api);
  registerMessageRoutes(api);

  const { publicRouter, userRouter } = api;
  const publicStack = compose<AppRouterContext>([publicRouter.routes(), publicRouter.allowedMethods()]);
  const userStack = compose<AppRouterContext>([
    ...(authenticate(jwtSecret) as compose.Middleware<AppRouterContext>[]),
    userRouter.routes(),
    userRouter.allowedMethods(),
  ]);

  return (ctx, next) => {
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/')) return next();
    ctx.set('Cache-Control', 'no-store');
    const stack = publicRouter.match(ctx.path, ctx.method).route ? publicStack : userStack;
    // The routers add params and router to the context themselves.
    return stack(ctx as AppRouterContext, next);
  };
}
