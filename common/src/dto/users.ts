import type { LimitKind, ProfileVisibility, SmtpEncryption } from '../domain/constants';
import type { PermissionKey } from '../domain/permissions';
import type { Role } from '../domain/roles';
import type { UserSettings } from '../schemas/settings';

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

export interface LoginResponse {
  token: string;
  user: CurrentUserDto;
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
}

export interface ExternalUserDto {
  id: string;
  name: string;
}

export interface MessageResponse {
  message: string;
}

/** POST /api/users/change-password: the old tokens are void, this one keeps the caller signed in. */
export interface ChangePasswordResponse {
  message: string;
  token: string;
}

/** The server's SMTP settings as answered to Admins: the password only as a flag. */
export interface SmtpSettingsDto {
  host: string;
  port: number;
  username: string;
  encryption: SmtpEncryption;
  fromEmail: string;
  fromName: string;
  hasPassword: boolean;
}

/** GET and PUT /api/settings: the user's settings, plus the SMTP settings for Admins. */
export type SettingsResponse = UserSettings & { smtp?: SmtpSettingsDto };

/** GET /api/stats/counts: counts and limits for the license usage bars and limit checks. */
export interface StatsCounts {
  activeProjectCount: number;
  templateCount: number;
  userCount: number;
  externalUserCount: number;
  licenseType: LicenseType;
  /** The Free limits; null with a Lifetime license (no limits). */
  limits: Record<LimitKind, number> | null;
}

export interface UsedTotal {
  used: number;
  total: number;
}

/** GET /api/system-info: sizes in bytes. */
export interface SystemInfo {
  version: string;
  ram: UsedTotal;
  disk: UsedTotal;
  os: { distro: string };
  appData: { dbSize: number; imagesSize: number };
}

/** POST /api/license/activate. */
export interface LicenseActivationResponse {
  message: string;
  licenseType: LicenseType;
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
