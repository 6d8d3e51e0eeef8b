import type { ExternalUserDto, TagDto } from '@werkboard/common';
import type { AppThunk } from '../../store';

/**
 * Reads the edit modal needs (GET /customer-types, GET /tags of every customer type,
 * GET /external-users). They
 * answer the caller only: the lists are small and fresh on each open of the modal.
 */
export function loadTags(): AppThunk<Promise<TagDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<TagDto[]>('/tags');
}

export function loadExternalUsers(): AppThunk<Promise<ExternalUserDto[]>> {
  return (_dispatch, _getState, { api }) => api.get<ExternalUserDto[]>('/external-users');
}

export function loadCustomerTypes(): AppThunk<Promise<string[]>> {
  return (_dispatch, _getState, { api }) => api.get<string[]>('/customer-types');
}
