import type { UserDirectoryEntryDto, MessageResponse, TemplateSummaryDto } from '@werkboard/common';
import type { AppThunk } from '../../store';

/**
 * Reads and writes of /templates. The list lives in the page (fetched on every visit, no other
 * reader), so these return the data; every error is thrown for the caller to show its German
 * text (or the limit dialog).
 */

const templatePath = (id: string) => `/templates/${encodeURIComponent(id)}`;

/** GET /templates: global templates and the user's own, active ones. */
export function fetchTemplates(): AppThunk<Promise<TemplateSummaryDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<TemplateSummaryDto[]>('/templates');
}

/** GET /users/directory: the people a template can be shared with (everyone signed in may read it). */
export function fetchShareUsers(): AppThunk<Promise<UserDirectoryEntryDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<UserDirectoryEntryDto[]>('/users/directory');
}

/** DELETE /templates/{id}: to the archive. */
export function deleteTemplate(id: string): AppThunk<Promise<MessageResponse>> {
  return (_dispatch, _getState, { save }) => save<MessageResponse>({ method: 'DELETE', path: templatePath(id) });
}

/** POST /templates/{id}/share: the user receives a personal copy. */
export function shareTemplate(id: string, userId: string): AppThunk<Promise<MessageResponse>> {
  return (_dispatch, _getState, { save }) =>
    save<MessageResponse>({ method: 'POST', path: `${templatePath(id)}/share`, body: { userId } });
}

/** POST /templates/{id}/publish: personal → global, irreversible. */
export function publishTemplate(id: string): AppThunk<Promise<TemplateSummaryDto>> {
  return (_dispatch, _getState, { save }) =>
    save<TemplateSummaryDto>({ method: 'POST', path: `${templatePath(id)}/publish` });
}

/** The body of POST /templates/save-from-project (common's templateFromProjectSchema). */
export interface SaveFromProjectBody {
  project: string;
  name: string;
  description: string;
  customerType: string;
  /** The caller's own id for a personal template, null for a global one. */
  ownerId: string | null;
}

/** POST /templates/save-from-project: columns, cards and task groups of a project as a new template. */
export function saveTemplateFromProject(request: SaveFromProjectBody): AppThunk<Promise<TemplateSummaryDto>> {
  return (_dispatch, _getState, { save }) =>
    save<TemplateSummaryDto>({ method: 'POST', path: '/templates/save-from-project', body: request });
}
