import type Koa from 'koa';
import type { RouterContext } from '@koa/router';
import type { SessionActor } from './auth/sessionActor';
import type { User } from './models';
import type { Services } from './serverState';

export interface AppState extends Koa.DefaultState {
  jwt?: unknown;
  /** The signed-in user, loaded fresh from the database for every request. */
  user?: User;
  /** The same caller in the shape the policies take (permissions fixed at login). */
  actor?: SessionActor;
  /** The session (row of `sessions`) the token names: logout and the device list need it. */
  sessionId?: string;
}

export interface AppContext extends Koa.DefaultContext {
  services: Services;
}

export type AppMiddleware = Koa.Middleware<AppState, AppContext>;
export type AppRouterContext = RouterContext<AppState, AppContext>;
