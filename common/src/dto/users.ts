import type { ProfileVisibility } from '../domain/constants';
import type { PermissionKey } from '../domain/permissions';
import type { Role } from '../domain/roles';
import type { UserSettings } from '../schemas/settings';
import type { LicenseType } from './admin';

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

/** The signed-in user (login, GET /api/auth/me): the user plus own profile and settings. */
export interface CurrentUserDto extends UserDto {
  phone: string | null;
  privatePhone: string | null;
  address: string | null;
  website: string | null;
  otherInfo: string | null;
  avatar: string | null;
  profileVisibility: ProfileVisibility;
  settings: UserSettings;
}

/** GET /api/auth/sessions: one of the caller's active sessions (a login on a device). */
export interface SessionDto {
  id: string;
  /** Browser and system from the login's User-Agent, e.g. 'Chrome auf Android'. */
  device: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The session of the token that asked. */
  current: boolean;
}

/** DELETE /api/auth/sessions/others and DELETE /api/users/{id}/sessions: how many sessions ended. */
export interface SessionsEndedResponse {
  message: string;
  ended: number;
}

export interface LoginResponse {
  token: string;
  user: CurrentUserDto;
  /** Set when the Admin setting requires a second factor of this user and none is set up: enrol first. */
  secondFactorSetupRequired?: boolean;
}

/** POST /api/auth/login when the user has a second factor: no session yet, the code comes next. */
export interface SecondFactorChallenge {
  secondFactor: 'totp';
  /** Signed, bound to the user, valid 5 minutes; sent back with the code. */
  challenge: string;
}

/** GET /api/auth/second-factor: the caller's state (never the secret once confirmed). */
export interface SecondFactorStatusDto {
  enabled: boolean;
  pending: boolean;
  recoveryCodesLeft: number;
  /** The Admin setting requires it of this user. */
  required: boolean;
}

/** POST /api/auth/second-factor: a new pending secret, shown once for the authenticator app. */
export interface SecondFactorEnrolmentDto {
  secret: string;
  uri: string;
}

/** POST /api/auth/second-factor/confirm: the recovery codes, shown once. */
export interface SecondFactorConfirmedDto {
  message: string;
  recoveryCodes: string[];
  /** A new token for this session when it was one that had to enrol first (it now reaches everything). */
  token?: string;
}

/** A user in the user management list (GET /api/users): every form field, never a secret. */
export interface ManagedUserDto {
  id: string;
  username: string;
  role: Role;
  email: string | null;
  phone: string | null;
  privatePhone: string | null;
  address: string | null;
  website: string | null;
  otherInfo: string | null;
  usernameColor: string;
  directMessagesEnabled: boolean;
  profileVisibility: ProfileVisibility;
  lastLogin: string | null;
  lastModified: string;
  /** Locked out after too many failed logins (issue 13, finding 8); the Admin lifts it. */
  loginLocked: boolean;
}

/** The contact details of a profile, shown only as the owner's visibility setting allows. */
export interface ProfileDetails {
  email: string | null;
  phone: string | null;
  privatePhone: string | null;
  address: string | null;
  website: string | null;
  otherInfo: string | null;
  lastLogin: string | null;
  lastModified: string;
}

/** GET /api/users/{id}/profile: name and role always, details per visibility (null when hidden). */
export interface ProfileDto {
  id: string;
  username: string;
  role: Role;
  usernameColor: string;
  avatar: string | null;
  directMessagesEnabled: boolean;
  details: ProfileDetails | null;
}

/** GET /api/users/directory: who works here, for choosing people (share, filters); no contact details. */
export interface UserDirectoryEntryDto {
  id: string;
  username: string;
  role: Role;
  usernameColor: string;
  /** Whether a message to them goes through for everyone (spec section 6: the messages screen's pre-check). */
  directMessagesEnabled: boolean;
}

export interface ExternalUserDto {
  id: string;
  name: string;
}

/** POST /api/users/change-password: the old tokens are void, this one keeps the caller signed in. */
export interface ChangePasswordResponse {
  message: string;
  token: string;
}
