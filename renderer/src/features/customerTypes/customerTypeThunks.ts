import type {
  CustomerTypeCreateRequest,
  MessageResponse,
  TagCreateRequest,
  TagDto,
  TagUpdateRequest,
} from '@werkboard/common';
import { DEFAULT_CUSTOMER_TYPE } from '@werkboard/common';
import type { AppThunk } from '../../store';

/**
 * Customer types and their tags (spec sections 3 and 5). The lists are small and read fresh
 * wherever they are shown, so the thunks answer the caller instead of filling a slice. Reads
 * and writes throw: an ApiError carries the server's German message (serverMessageOr).
 */

const typePath = (name: string) => `/customer-types/${encodeURIComponent(name)}`;
const tagPath = (id: string) => `/tags/${encodeURIComponent(id)}`;

/** GET /customer-types: 'Allgemein' first (also when an older server forgets it), each name once. */
export function fetchCustomerTypes(): AppThunk<Promise<string[]>> {
  return async (_dispatch, _getState, { api }) => {
    const names = await api.get<string[]>('/customer-types');
    const others = names.map((name) => name.trim()).filter((name) => name && name !== DEFAULT_CUSTOMER_TYPE);
    return [DEFAULT_CUSTOMER_TYPE, ...new Set(others)];
  };
}

/** GET /tags: the tags of every customer type. */
export function fetchTags(): AppThunk<Promise<TagDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<TagDto[]>('/tags');
}

/** POST /customer-types; answers the stored name. */
export function createCustomerType(request: { name: string; copyTagsFrom?: string | null }): AppThunk<Promise<string>> {
  return async (_dispatch, _getState, { save }) => {
    const body: CustomerTypeCreateRequest = { name: request.name, copyTagsFrom: request.copyTagsFrom ?? null };
    const answer = await save<{ name: string }>({ method: 'POST', path: '/customer-types', body });
    return answer.name;
  };
}

/** PUT /customer-types/{old} {name}: rename (projects and templates follow); answers the new name. */
export function renameCustomerType(oldName: string, name: string): AppThunk<Promise<string>> {
  return async (_dispatch, _getState, { save }) => {
    const answer = await save<{ name: string }>({ method: 'PUT', path: typePath(oldName), body: { name } });
    return answer.name;
  };
}

/** DELETE /customer-types/{name}: its tags go, its projects and templates become 'Allgemein'. */
export function deleteCustomerType(name: string): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: typePath(name) });
  };
}

/** POST /tags. */
export function createTag(request: TagCreateRequest): AppThunk<Promise<TagDto>> {
  return (_dispatch, _getState, { save }) => save<TagDto>({ method: 'POST', path: '/tags', body: request });
}

/** PUT /tags/{id} with the changed fields only. */
export function updateTag(id: string, patch: TagUpdateRequest): AppThunk<Promise<TagDto>> {
  return (_dispatch, _getState, { save }) => save<TagDto>({ method: 'PUT', path: tagPath(id), body: patch });
}

/** DELETE /tags/{id}. */
export function deleteTag(id: string): AppThunk<Promise<void>> {
  return async (_dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: tagPath(id) });
  };
}

/** Case-insensitive, trimmed comparison of names and labels (spec section 5). */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');
}
