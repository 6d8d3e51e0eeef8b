import type { ImageDto, MessageResponse } from '@werkboard/common';
import type { AppThunk } from '../../store/types';
import { apiSlice } from '../apiSlice';
import { patchWhenLanded } from '../cachePatch';

const IMAGES = '/images';

export const imagesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /images/{projectId}: the project's images, oldest first. One cache entry per project,
     * shared by the header's count badge and the gallery, which follow every upload and delete.
     */
    projectImages: build.query<ImageDto[], string>({
      query: (projectId) => `${IMAGES}/${encodeURIComponent(projectId)}`,
      providesTags: (_result, _error, projectId) => [{ type: 'Images', id: projectId }],
    }),
  }),
});

export const { useProjectImagesQuery } = imagesApi;

const patchImages = (projectId: string, recipe: (images: ImageDto[]) => ImageDto[]) =>
  patchWhenLanded(
    imagesApi.util.getRunningQueryThunk('projectImages', projectId),
    imagesApi.util.updateQueryData('projectImages', projectId, recipe),
  );

/** POST /images {projectId, name, dataUrl}: 201 the stored image, added to the cached list. */
export function uploadImage(projectId: string, name: string, dataUrl: string): AppThunk<Promise<ImageDto>> {
  return async (dispatch, _getState, { save }) => {
    const image = await save<ImageDto>({ method: 'POST', path: IMAGES, body: { projectId, name, dataUrl } });
    await dispatch(patchImages(projectId, (images) => [...images, image]));
    return image;
  };
}

/** DELETE /images/{id}; it leaves the cached list of its project. */
export function deleteImage(projectId: string, id: string): AppThunk<Promise<MessageResponse>> {
  return async (dispatch, _getState, { save }) => {
    const answer = await save<MessageResponse>({ method: 'DELETE', path: `${IMAGES}/${encodeURIComponent(id)}` });
    await dispatch(patchImages(projectId, (images) => images.filter((image) => image.id !== id)));
    return answer;
  };
}
