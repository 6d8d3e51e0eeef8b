import type { ProjectSummaryDto } from '@werkboard/common';
import { de } from '@werkboard/common';

const percentFormat = new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 0 });

/** used of total as a German percentage ('21 %'); 0 % when the total is unknown. */
export function formatShare(used: number, total: number): string {
  const share = Number.isFinite(used) && Number.isFinite(total) && total > 0 ? Math.max(0, used / total) : 0;
  return percentFormat.format(share);
}

/** One owner's projects in the admin overview. */
export interface OwnerGroup {
  /** The owner's name, or null for projects whose owner is unknown. */
  owner: string | null;
  /** What the heading shows: the name, or 'Unbekannt'. */
  label: string;
  projects: ProjectSummaryDto[];
}

const collator = new Intl.Collator('de-DE', { sensitivity: 'base', numeric: true });

/**
 * The admin overview's projects grouped by owner name (spec section 2): groups in German
 * alphabetical order of what they show, projects without a known owner under 'Unbekannt'
 * (sorted like a name; after a user who is really called so), each group's projects by name.
 */
export function groupProjectsByOwner(projects: readonly ProjectSummaryDto[]): OwnerGroup[] {
  const byOwner = new Map<string | null, ProjectSummaryDto[]>();
  for (const project of projects) {
    const owner = project.ownerUsername?.trim() || null;
    const list = byOwner.get(owner);
    if (list) list.push(project);
    else byOwner.set(owner, [project]);
  }
  return [...byOwner.entries()]
    .map(([owner, list]) => ({
      owner,
      label: owner ?? de.adminOverview.projects.unknownOwner,
      projects: [...list].sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id)),
    }))
    .sort((a, b) => collator.compare(a.label, b.label) || Number(a.owner === null) - Number(b.owner === null));
}
