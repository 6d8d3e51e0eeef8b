import type { MessageResponse, TemplateSummaryDto } from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';

const TEMPLATES = '/templates';

/** /templates/{id}: a template's document (the editor reads and saves it here). */
export const templatePath = (id: string) => `${TEMPLATES}/${encodeURIComponent(id)}`;

export const templatesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /templates: global templates and the user's own, active ones (kept for offline reading). */
    templates: build.query<TemplateSummaryDto[], void>({ query: () => TEMPLATES, providesTags: ['Templates'] }),
  }),
});

export const { useTemplatesQuery } = templatesApi;

const updateCachedTemplates = (recipe: (templates: TemplateSummaryDto[]) => TemplateSummaryDto[]) =>
  templatesApi.util.updateQueryData('templates', undefined, recipe);

/** DELETE /templates/{id}: to the archive. */
export function deleteTemplate(id: string): AppThunk<Promise<MessageResponse>> {
  return async (dispatch, _getState, { save }) => {
    const answer = await save<MessageResponse>({ method: 'DELETE', path: templatePath(id) });
    dispatch(updateCachedTemplates((templates) => templates.filter((template) => template.id !== id)));
    dispatch(templatesApi.util.invalidateTags(['ArchivedTemplates', 'AdminTemplates']));
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
    dispatch(
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
