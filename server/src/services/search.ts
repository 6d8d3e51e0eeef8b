import {
  type Actor,
  canSeeAllProjects,
  type DashboardAppointmentDto,
  SEARCH_LIMITS,
  type SearchProjectDto,
  type SearchQuery,
  type SearchResponse,
  type SearchTaskDto,
} from '@werkboard/common';
import { QueryTypes, type Sequelize } from 'sequelize';
import { VISIBLE_TO } from './projects';

/** `%text%` for ILIKE, with the wildcard characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Per chosen label, the ids of all tags with that label (any customer type); null when a label has none. */
async function tagIdGroups(sequelize: Sequelize, labels: string[]): Promise<string[][] | null> {
  if (labels.length === 0) return [];
  const rows = await sequelize.query<{ label: string; ids: string[] }>(
    `SELECT lower(label) AS label, array_agg(id::text) AS ids FROM tags WHERE lower(label) IN (:labels) GROUP BY lower(label)`,
    { type: QueryTypes.SELECT, replacements: { labels: labels.map((label) => label.toLowerCase()) } },
  );
  const byLabel = new Map(rows.map((row) => [row.label, row.ids]));
  const groups = labels.map((label) => byLabel.get(label.toLowerCase()));
  return groups.every((group) => group !== undefined) ? groups : null;
}

/** SQL that is true when `column` (a jsonb array of tag ids) holds a tag of every group. */
function carriesAll(column: string, groups: string[][], replacements: Record<string, unknown>): string {
  if (groups.length === 0) return 'true';
  return groups
    .map((group, index) => {
      replacements[`tagGroup${index}`] = group;
      return `jsonb_exists_any(${column}, ARRAY[:tagGroup${index}]::text[])`;
    })
    .join(' AND ');
}

interface CardHit extends SearchTaskDto {
  projectId: string;
  total: number;
}

/**
 * Search (spec section 2): two SQL queries, one for the matching tasks (the first
 * SEARCH_LIMITS.tasksPerProject per project in board order, with the count of all) and one
 * for the projects that match themselves or hold a matching task.
 */
export async function search(sequelize: Sequelize, actor: Actor, query: SearchQuery): Promise<SearchResponse> {
  if (!query.text && query.tagLabels.length === 0) return { projects: [], truncated: false };
  const groups = await tagIdGroups(sequelize, query.tagLabels);
  if (groups === null) return { projects: [], truncated: false };

  const replacements: Record<string, unknown> = { actorId: actor.id, pattern: containsPattern(query.text) };
  const visible = canSeeAllProjects(actor) ? '' : `AND ${VISIBLE_TO}`;
  const projectText = query.text ? `(p.name ILIKE :pattern OR p.project_number ILIKE :pattern)` : 'true';
  const cardText = query.text
    ? `(c.title ILIKE :pattern OR c.description ILIKE :pattern ${groups.length > 0 ? `OR ${projectText}` : ''})`
    : 'true';
  const cardTags = carriesAll('c.tag_ids', groups, replacements);
  const projectTags = carriesAll('p.tag_ids', groups, replacements);

  const cards = await sequelize.query<CardHit>(
    `SELECT id, "projectId", title, "columnTitle", "tagIds", total FROM (
       SELECT c.id, c.project_id AS "projectId", c.title, l.title AS "columnTitle", c.tag_ids AS "tagIds",
              row_number() OVER (PARTITION BY c.project_id ORDER BY l.position COLLATE "C", l.id, c.position COLLATE "C", c.id) AS n,
              count(*) OVER (PARTITION BY c.project_id)::int AS total
         FROM project_cards c
         JOIN project_columns l ON l.id = c.column_id
         JOIN projects p ON p.id = c.project_id
        WHERE NOT p.is_template AND p.status <> 'archived' ${visible} AND ${cardText} AND ${cardTags}
     ) hits WHERE n <= ${SEARCH_LIMITS.tasksPerProject}`,
    { type: QueryTypes.SELECT, replacements },
  );
  const tasksByProject = new Map<string, { tasks: SearchTaskDto[]; total: number }>();
  for (const { projectId, total, ...task } of cards) {
    const entry = tasksByProject.get(projectId) ?? { tasks: [], total };
    entry.tasks.push(task);
    tasksByProject.set(projectId, entry);
  }
  replacements.withTasks = tasksByProject.size > 0 ? [...tasksByProject.keys()] : [null];

  const projects = await sequelize.query<Omit<SearchProjectDto, 'tasks' | 'taskCount'>>(
    `SELECT p.id, p.name, p.project_number AS "projectNumber", p.icon, p.status, p.customer_type AS "customerType",
            p.tag_ids AS "tagIds", (${projectText} AND ${projectTags}) AS "projectMatches"
       FROM projects p
      WHERE NOT p.is_template AND p.status <> 'archived' ${visible}
        AND ((${projectText} AND ${projectTags}) OR p.id IN (:withTasks))
      ORDER BY "projectMatches" DESC, p.last_modified DESC, p.id
      LIMIT ${SEARCH_LIMITS.projects + 1}`,
    { type: QueryTypes.SELECT, replacements },
  );
  return {
    projects: projects.slice(0, SEARCH_LIMITS.projects).map((project) => {
      const hits = tasksByProject.get(project.id);
      return { ...project, tasks: hits?.tasks ?? [], taskCount: hits?.total ?? 0 };
    }),
    truncated: projects.length > SEARCH_LIMITS.projects,
  };
}

/** The dashboard's appointments: active and 'client not present' ones of the caller's open projects. */
export async function dashboardAppointments(sequelize: Sequelize, actor: Actor): Promise<DashboardAppointmentDto[]> {
  return sequelize.query<DashboardAppointmentDto>(
    `SELECT a.id, a.rev, a.title, a.starts_at AS date, a.status, a.contact_name AS "contactName",
            a.contact_phone AS "contactPhone", a.tag_ids AS "tagIds", a.notes,
            p.id AS "projectId", p.name AS "projectName", p.status AS "projectStatus"
       FROM appointments a JOIN projects p ON p.id = a.project_id
      WHERE NOT p.is_template AND p.status <> 'archived' AND a.status IN ('active', 'client_not_present')
        ${canSeeAllProjects(actor) ? '' : `AND ${VISIBLE_TO}`}
      ORDER BY a.starts_at, a.id`,
    { type: QueryTypes.SELECT, replacements: { actorId: actor.id } },
  );
}
