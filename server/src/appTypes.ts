import type Koa from 'koa';
import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import type { PermissionKey } from '@werkboard/common';
import type { User } from './models';
import type { Services } from './serverState';

/** The signed-in user of a request, loaded fresh from the database for every request. */
export interface Actor {
  user: User;
  permissions: PermissionKey[];
}

export interface AppState extends Koa.DefaultState {
  jwt?: unknown;
  actor?: Actor;
}

export interface AppContext extends Koa.DefaultContext {
  services: Services;
}

export type AppRouter = Router<AppState, AppContext>;
export type AppMiddleware = Koa.Middleware<AppState, AppContext>;
export type AppRouterContext = RouterContext<AppState, AppContext>;
