import type { MessageResponse, ProjectDocument, TemplateSummaryDto } from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';
import { patchWhenLanded } from '../cachePatch';
import { adminApi } from './admin';

const TEMPLATES = '/templates';

/** /templates/{id}: a template's document (the editor reads and saves it here). */
export const templatePath = (id: string) => `${TEMPLATES}/${encodeURIComponent(id)}`;

export const templatesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /templates: global templates and the user's own, active ones (kept for offline reading). */
    templates: build.query<TemplateSummaryDto[], void>({ query: () => TEMPLATES, providesTags: ['Templates'] }),
    /** GET /templates/archived. */
    archivedTemplates: build.query<TemplateSummaryDto[], void>({
      query: () => `${TEMPLATES}/archived`,
      providesTags: ['ArchivedTemplates'],
    }),
    /** GET /templates/{id}: a template's document for the editor (kept for offline reading). */
    templateDocument: build.query<ProjectDocument, string>({ query: templatePath, keepUnusedDataFor: 0 }),
  }),
});

export const { useTemplatesQuery, useArchivedTemplatesQuery } = templatesApi;

const updateCachedTemplates = (recipe: (templates: TemplateSummaryDto[]) => TemplateSummaryDto[]) =>
  patchWhenLanded(
    templatesApi.util.getRunningQueryThunk('templates', undefined),
    templatesApi.util.updateQueryData('templates', undefined, recipe),
  );

/** DELETE /templates/{id}: to the archive; it leaves the cached lists. */
export function deleteTemplate(id: string): AppThunk<Promise<MessageResponse>> {
  return async (dispatch, _getState, { save }) => {
    const answer = await save<MessageResponse>({ method: 'DELETE', path: templatePath(id) });
    const without = (templates: TemplateSummaryDto[]) => templates.filter((template) => template.id !== id);
    await dispatch(updateCachedTemplates(without));
    await dispatch(
      patchWhenLanded(
        adminApi.util.getRunningQueryThunk('adminTemplates', undefined),
        adminApi.util.updateQueryData('adminTemplates', undefined, without),
      ),
    );
    return answer;
  };
}

/** POST /templates/{id}/share: the user receives a personal copy. */
export function shareTemplate(id: string, userId: string): AppThunk<Promise<MessageResponse>> {
  return (_dispatch, _getState, { save }) =>
    save<MessageResponse>({ method: 'POST', path: `${templatePath(id)}/share`, body: { userId } });
}

/** POST /templates/{id}/publish: personal → global, irreversible. */
export function publishTemplate(id: string): AppThunk<Promise<TemplateSummaryDto>> {
  return async (dispatch, _getState, { save }) => {
    const published = await save<TemplateSummaryDto>({ method: 'POST', path: `${templatePath(id)}/publish` });
    await dispatch(
      updateCachedTemplates((templates) =>
        templates.map((template) => (template.id === published.id ? published : template)),
      ),
    );
    return published;
  };
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
  return async (dispatch, _getState, { save }) => {
    const template = await save<TemplateSummaryDto>({
      method: 'POST',
      path: `${TEMPLATES}/save-from-project`,
      body: request,
    });
    dispatch(templatesApi.util.invalidateTags(['Templates']));
    return template;
  };
}

const leftArchive = (id: string) =>
  patchWhenLanded(
    templatesApi.util.getRunningQueryThunk('archivedTemplates', undefined),
    templatesApi.util.updateQueryData('archivedTemplates', undefined, (templates) =>
      templates.filter((template) => template.id !== id),
    ),
  );

/** POST /templates/{id}/restore: back from the archive (it leaves the cached archive list). */
export function restoreTemplate(id: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<unknown>({ method: 'POST', path: `${templatePath(id)}/restore` });
    await dispatch(leftArchive(id));
    dispatch(templatesApi.util.invalidateTags(['Templates']));
  };
}

/** DELETE /templates/{id}/permanent (Admin). */
export function deleteTemplatePermanently(id: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: `${templatePath(id)}/permanent` });
    await dispatch(leftArchive(id));
  };
}
