import type { LimitKind } from '../domain/constants';

/** The answer of a write that has nothing else to say. */
export interface MessageResponse {
  message: string;
}

export interface ServerStatus {
  startCommandSent: boolean;
  backendStarted: boolean;
  databaseReachable: boolean;
  databaseInitialized: boolean;
  message?: string;
}

export interface ServerInfo {
  name: string;
  version: string;
}

/** Every error the API answers with. */
export interface ApiErrorBody {
  message: string;
  code?: string;
  /** Field name to German message, for 400 answers. */
  fields?: Record<string, string>;
  /** With code 'limit_reached': which Free limit was hit and its maximum. */
  limit?: LimitKind;
  max?: number;
}
