import type { InvitationDto, ProjectMemberDto, Role, UserDirectoryEntryDto } from '@werkboard/common';
import { MEMBER_ID, OWNER_ID, PROJECT_ID } from './project';

/** Test data of the team tests: people beyond the board fixtures' owner paula and member max. */

export const DEPUTY_ID = 'bbbbbbbb-0000-4000-8000-000000000003';
export const ERIK_ID = 'bbbbbbbb-0000-4000-8000-000000000004';
export const EVA_ID = 'bbbbbbbb-0000-4000-8000-000000000005';
export const ADMIN_ID = 'bbbbbbbb-0000-4000-8000-000000000006';
export const INVITATION_ID = '99999999-0000-4000-8000-000000000001';

export function teamMember(
  id: string,
  username: string,
  teamRole: ProjectMemberDto['teamRole'],
  role: Role = 'Monteur',
): ProjectMemberDto {
  return { id, username, usernameColor: '#FFFFFF', role, teamRole };
}

export const OWNER = teamMember(OWNER_ID, 'paula', 'owner', 'Projektleiter');
export const MAX = teamMember(MEMBER_ID, 'max', 'member');
export const DORA = teamMember(DEPUTY_ID, 'dora', 'deputy', 'Projektleiter');
export const ERIK = teamMember(ERIK_ID, 'erik', 'member');

export function directoryEntry(id: string, username: string, role: Role = 'Monteur'): UserDirectoryEntryDto {
  return { id, username, role, usernameColor: '#FFFFFF', directMessagesEnabled: true };
}

/** GET /users/directory: everybody, sorted by name as the server answers. */
export const DIRECTORY: UserDirectoryEntryDto[] = [
  directoryEntry(ADMIN_ID, 'admin', 'Admin'),
  directoryEntry(DEPUTY_ID, 'dora', 'Projektleiter'),
  directoryEntry(ERIK_ID, 'erik'),
  directoryEntry(EVA_ID, 'eva', 'Helfer'),
  directoryEntry(MEMBER_ID, 'max'),
  directoryEntry(OWNER_ID, 'paula', 'Projektleiter'),
];

export function buildInvitation(overrides: Partial<InvitationDto> = {}): InvitationDto {
  return {
    id: INVITATION_ID,
    project: PROJECT_ID,
    projectName: 'Bad Müller',
    toUserId: EVA_ID,
    toUsername: 'eva',
    fromUserId: OWNER_ID,
    fromUsername: 'paula',
    timestamp: '2026-03-02T08:30:00.000Z',
    status: 'pending',
    ...overrides,
  };
}
