import { createSelector } from '@reduxjs/toolkit';
import type { MessageResponse, TagCreateRequest, TagDto, TagUpdateRequest } from '@werkboard/common';
import type { AppThunk, RootState } from '../../store/types';
import { apiSlice } from '../apiSlice';
import { patchWhenLanded } from '../cachePatch';

const TAGS = '/tags';
const tagPath = (id: string) => `${TAGS}/${encodeURIComponent(id)}`;

export const tagsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /tags: the tags of every customer type (kept for offline reading). */
    tags: build.query<TagDto[], void>({ query: () => TAGS, providesTags: ['Tags'] }),
  }),
});

export const { useTagsQuery } = tagsApi;

const NO_TAGS: TagDto[] = [];
const selectTagsResult = tagsApi.endpoints.tags.select();

/** The cached tags, empty until read: for parts of a screen that subscribes with useTagsQuery. */
export const selectTags = (state: RootState): TagDto[] => selectTagsResult(state).data ?? NO_TAGS;
export const selectTagsById = createSelector([selectTags], (tags) => new Map(tags.map((tag) => [tag.id, tag])));

/** The cached tag list changed by a write's answer (no second read). */
export const updateCachedTags = (recipe: (tags: TagDto[]) => TagDto[] | void) =>
  patchWhenLanded(
    tagsApi.util.getRunningQueryThunk('tags', undefined),
    tagsApi.util.updateQueryData('tags', undefined, recipe),
  );

/** POST /tags; the new tag joins the cached list. */
export function createTag(request: TagCreateRequest): AppThunk<Promise<TagDto>> {
  return async (dispatch, _getState, { save }) => {
    const tag = await save<TagDto>({ method: 'POST', path: TAGS, body: request });
    await dispatch(updateCachedTags((tags) => [...tags.filter((other) => other.id !== tag.id), tag]));
    return tag;
  };
}

/** PUT /tags/{id} with the changed fields only. */
export function updateTag(id: string, patch: TagUpdateRequest): AppThunk<Promise<TagDto>> {
  return async (dispatch, _getState, { save }) => {
    const tag = await save<TagDto>({ method: 'PUT', path: tagPath(id), body: patch });
    await dispatch(updateCachedTags((tags) => tags.map((other) => (other.id === tag.id ? tag : other))));
    return tag;
  };
}

/** DELETE /tags/{id}. */
export function deleteTag(id: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: tagPath(id) });
    await dispatch(updateCachedTags((tags) => tags.filter((tag) => tag.id !== id)));
  };
}
