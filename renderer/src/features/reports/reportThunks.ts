import type { ExternalUserDto, ProjectDocument, ReportNames, TagDto } from '@werkboard/common';
import { assigneeNames } from '@werkboard/common';
import type { SaveFileOutcome } from '../../platform/fileSave';
import type { AppThunk } from '../../store';
import { loadImages } from '../gallery/galleryThunks';
import { fetchImageBlob } from '../gallery/imageFiles';
import type { ReportPhoto } from './pdf/projectReport';

const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;

export interface ReportPhotos {
  photos: ReportPhoto[];
  /** False when the list or a picture could not be loaded (offline): the report says so. */
  complete: boolean;
}

/**
 * The project's pictures for the PDF: the gallery's thumbnails (loaded with the bearer token
 * as the gallery loads them), turned into JPEG by `toJpeg`. Offline the list cannot be read;
 * then the report has no pictures and `complete` is false.
 */
export function loadReportPhotos(
  projectId: string,
  toJpeg: (blob: Blob) => Promise<Uint8Array | null>,
): AppThunk<Promise<ReportPhotos>> {
  return async (dispatch) => {
    let images;
    try {
      images = await dispatch(loadImages(projectId));
    } catch {
      return { photos: [], complete: false };
    }
    const photos = await Promise.all(
      images.map(async (image): Promise<ReportPhoto> => {
        try {
          return {
            id: image.id,
            name: image.name,
            image: await toJpeg(await dispatch(fetchImageBlob(image.id, 'thumbnail'))),
          };
        } catch {
          return { id: image.id, name: image.name, image: null };
        }
      }),
    );
    return { photos, complete: photos.every((photo) => photo.image !== null) };
  };
}

export interface ReportProject {
  project: ProjectDocument;
  names: ReportNames;
}

/**
 * The full documents of a group's projects with the names their reports show, read through
 * the API client (offline: the copies kept on this device). Tags and external workers are
 * lookups only: without them the report shows no tags and no external names.
 */
export function loadGroupReportProjects(projectIds: readonly string[]): AppThunk<Promise<ReportProject[]>> {
  return async (_dispatch, _getState, { api }) => {
    const [tags, externalUsers, documents] = await Promise.all([
      api.get<TagDto[]>('/tags').catch((): TagDto[] => []),
      api.get<ExternalUserDto[]>('/external-users').catch((): ExternalUserDto[] => []),
      Promise.all(projectIds.map((id) => api.get<ProjectDocument>(projectPath(id)))),
    ]);
    const tagsById = new Map(tags.map((tag) => [tag.id, tag]));
    return documents.map((project) => ({
      project,
      names: { assignees: assigneeNames(project.team, externalUsers), tags: tagsById },
    }));
  };
}

/** Saves a made file through the platform (the desktop's save dialog, else a download). */
export function saveReportFile(name: string, bytes: Uint8Array, mime: string): AppThunk<Promise<SaveFileOutcome>> {
  return (_dispatch, _getState, { saveFile }) => saveFile(name, bytes, mime);
}

/** The address a report's QR code opens: the app on the company server, at `route` ('/project/…'). */
export function appAddress(route: string): AppThunk<string> {
  return (_dispatch, _getState, extra) => `${extra.appAddress}#${route}`;
}
