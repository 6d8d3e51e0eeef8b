import { useMemo } from 'react';
import type { CustomerTypeCreateRequest, MessageResponse } from '@werkboard/common';
import { DEFAULT_CUSTOMER_TYPE } from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';
import { patchWhenLanded } from '../cachePatch';
import { tagsApi, updateCachedTags, useTagsQuery } from './tags';

const CUSTOMER_TYPES = '/customer-types';
const typePath = (name: string) => `${CUSTOMER_TYPES}/${encodeURIComponent(name)}`;

/** 'Allgemein' first (also when an older server forgets it), then the other names once each, in order. */
export function customerTypesOf(names: readonly string[]): string[] {
  const others = names.map((name) => name.trim()).filter((name) => name && name !== DEFAULT_CUSTOMER_TYPE);
  return [DEFAULT_CUSTOMER_TYPE, ...new Set(others)];
}

export const customerTypesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** GET /customer-types: the names the server accepts, 'Allgemein' first. */
    customerTypes: build.query<string[], void>({
      query: () => CUSTOMER_TYPES,
      transformResponse: (names: string[]) => customerTypesOf(names),
      providesTags: ['CustomerTypes'],
    }),
  }),
});

export const { useCustomerTypesQuery } = customerTypesApi;

const updateCachedTypes = (recipe: (types: string[]) => string[]) =>
  patchWhenLanded(
    customerTypesApi.util.getRunningQueryThunk('customerTypes', undefined),
    customerTypesApi.util.updateQueryData('customerTypes', undefined, recipe),
  );

/**
 * The customer types to choose from in a form: GET /customer-types; if that read fails, the
 * types that the tags name; if both fail, only 'Allgemein', which the server always knows.
 * Null until one of these has answered.
 */
export function useCustomerTypeChoices(options?: { refetchOnMountOrArgChange: number | boolean }): string[] | null {
  const types = useCustomerTypesQuery(undefined, options);
  const tags = useTagsQuery(undefined, { skip: !types.isError });
  return useMemo(() => {
    if (types.data) return types.data;
    if (!types.isError) return null;
    if (tags.data) return customerTypesOf(tags.data.map((tag) => tag.customerType));
    return tags.isError ? customerTypesOf([]) : null;
  }, [types.data, types.isError, tags.data, tags.isError]);
}

/**
 * POST /customer-types; answers the stored name. Copied tags get new ids on the server, so the
 * tags are read again when some were copied.
 */
export function createCustomerType(request: { name: string; copyTagsFrom?: string | null }): AppThunk<Promise<string>> {
  return async (dispatch, _getState, { save }) => {
    const body: CustomerTypeCreateRequest = { name: request.name, copyTagsFrom: request.copyTagsFrom ?? null };
    const answer = await save<{ name: string }>({ method: 'POST', path: CUSTOMER_TYPES, body });
    const created = answer.name || request.name;
    await dispatch(updateCachedTypes((types) => customerTypesOf([...types, created])));
    if (body.copyTagsFrom) dispatch(tagsApi.util.invalidateTags(['Tags']));
    return created;
  };
}

/** PUT /customer-types/{old} {name}: rename (projects, templates and tags follow); answers the new name. */
export function renameCustomerType(oldName: string, name: string): AppThunk<Promise<string>> {
  return async (dispatch, _getState, { save }) => {
    const answer = await save<{ name: string }>({ method: 'PUT', path: typePath(oldName), body: { name } });
    const renamed = answer.name || name;
    await dispatch(updateCachedTypes((types) => types.map((type) => (type === oldName ? renamed : type))));
    await dispatch(
      updateCachedTags((tags) =>
        tags.map((tag) => (tag.customerType === oldName ? { ...tag, customerType: renamed } : tag)),
      ),
    );
    return renamed;
  };
}

/** DELETE /customer-types/{name}: its tags go, its projects and templates become 'Allgemein'. */
export function deleteCustomerType(name: string): AppThunk<Promise<void>> {
  return async (dispatch, _getState, { save }) => {
    await save<MessageResponse>({ method: 'DELETE', path: typePath(name) });
    await dispatch(updateCachedTypes((types) => types.filter((type) => type !== name)));
    await dispatch(updateCachedTags((tags) => tags.filter((tag) => tag.customerType !== name)));
  };
}
