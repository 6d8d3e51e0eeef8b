import type { PermissionKey } from './permissions';
import type { Role } from './roles';

export type LicenseType = 'Free' | 'Lifetime';

/** A user as the API returns it; never carries a password hash or token secret. */
export interface UserDto {
  id: string;
  username: string;
  role: Role;
  permissions: PermissionKey[];
  licenseType: LicenseType;
  email: string | null;
  usernameColor: string;
  directMessagesEnabled: boolean;
  lastLogin: string | null;
  lastModified: string;
}

export interface LoginResponse {
  token: string;
  user: UserDto;
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
}
