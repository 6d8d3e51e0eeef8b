import type {
  ProjectCreateRequest,
  ProjectDocument,
  ProjectSummaryDto,
  TagDto,
  TemplateSummaryDto,
} from '@werkboard/common';
import { DEFAULT_CUSTOMER_TYPE } from '@werkboard/common';
import type { AppThunk } from '../../store';

/**
 * Reads and the one write of the dashboard's project lists. The lists live in the page (they
 * are fetched on every visit and have no other reader yet), so these thunks return the data
 * instead of filling a slice; reads throw for the caller to show its German text.
 */

/** GET /projects: the active and completed projects the user may see. */
export function fetchProjectSummaries(): AppThunk<Promise<ProjectSummaryDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<ProjectSummaryDto[]>('/projects');
}

/** GET /templates: global and own active templates, for the create dialog. */
export function fetchTemplateSummaries(): AppThunk<Promise<TemplateSummaryDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<TemplateSummaryDto[]>('/templates');
}

/**
 * The customer types to choose from: GET /customer-types (the types the server accepts). If
 * that read fails, the types that GET /tags names; if both fail, only 'Allgemein', which the
 * server always knows. 'Allgemein' is always there and first.
 */
export function fetchCustomerTypes(): AppThunk<Promise<string[]>> {
  return async (_dispatch, _getState, { api }) => {
    try {
      return customerTypesOf(await api.get<string[]>('/customer-types'));
    } catch {
      // Fall through to the tags, which carry their customer type.
    }
    try {
      return customerTypesOf((await api.get<TagDto[]>('/tags')).map((tag) => tag.customerType));
    } catch {
      return customerTypesOf([]);
    }
  };
}

/** 'Allgemein' first, then the other names once each, in the order given. */
export function customerTypesOf(names: readonly string[]): string[] {
  const others = names.map((name) => name.trim()).filter((name) => name && name !== DEFAULT_CUSTOMER_TYPE);
  return [DEFAULT_CUSTOMER_TYPE, ...new Set(others)];
}

/** POST /projects through the save path; throws the ApiError (400 name, 403 limit) for the dialog. */
export function createProject(request: ProjectCreateRequest): AppThunk<Promise<ProjectDocument>> {
  return (_dispatch, _getState, { save }) =>
    save<ProjectDocument>({ method: 'POST', path: '/projects', body: request });
}
