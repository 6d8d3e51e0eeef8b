import type { ExternalUserDto } from '../dto/users';
import type { ProjectDocument, ProjectMemberDto } from '../dto/projects';
import { EXTERNAL_ASSIGNEE_PREFIX } from '../dto/projects';
import type { TagDto } from '../dto/organisation';

/** The names a report shows for the ids a project document holds. */
export interface ReportNames {
  /** Assignee value ('<user id>' or 'ext-<id>') → name. */
  assignees: ReadonlyMap<string, string>;
  /** Tag id → tag. */
  tags: ReadonlyMap<string, Pick<TagDto, 'label'>>;
}

/** Assignee value → name: the project's team by user id, external workers as 'ext-<id>'. */
export function assigneeNames(
  team: readonly Pick<ProjectMemberDto, 'id' | 'username'>[],
  externalUsers: readonly ExternalUserDto[],
): Map<string, string> {
  const names = new Map<string, string>();
  for (const member of team) names.set(member.id, member.username);
  for (const external of externalUsers) names.set(`${EXTERNAL_ASSIGNEE_PREFIX}${external.id}`, external.name);
  return names;
}

export interface ProjectPeople {
  owner: string | null;
  deputy: string | null;
  /** The members without owner and deputy, by name. */
  members: string[];
}

export function projectPeople(document: Pick<ProjectDocument, 'ownerUsername' | 'team'>): ProjectPeople {
  const deputy = document.team.find((member) => member.teamRole === 'deputy');
  return {
    owner: document.ownerUsername,
    deputy: deputy?.username ?? null,
    members: document.team
      .filter((member) => member.teamRole === 'member')
      .map((member) => member.username)
      .sort((a, b) => a.localeCompare(b, 'de-DE')),
  };
}

/** A card's tag labels in the card's order; unknown ids (deleted tags) are left out. */
export function tagLabels(tagIds: readonly string[], tags: ReportNames['tags']): string[] {
  return tagIds.flatMap((id) => {
    const tag = tags.get(id);
    return tag ? [tag.label] : [];
  });
}
