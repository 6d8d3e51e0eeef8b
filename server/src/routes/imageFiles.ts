import { canReadProject, de } from '@werkboard/common';
import { authorize } from '../errors';
import type { ApiRoutes, Endpoint } from '../http/endpoint';
import { idParam } from '../http/params';
import { findImage, readImageFile } from '../images/imageStore';
import type { ImageRow } from '../presenters/image';
import type { ProjectRow } from '../services/projectStore';
import { findProject } from '../services/projects';

/** An image's bytes (or its thumbnail's) for whoever may see its project, fetched with the token. */
function imageFile(
  variant: 'full' | 'thumbnail',
): Endpoint<unknown, unknown, { image: ImageRow; project: ProjectRow }, Buffer, false> {
  return {
    load: async ({ sequelize, params }) => {
      const image = await findImage(sequelize, idParam(params.id, de.team.images.notFound));
      return { image, project: await findProject(sequelize, image.projectId) };
    },
    authorize: ({ actor, resource }) => authorize(canReadProject(actor, resource.project), de.projects.accessForbidden),
    handle: async ({ ctx, services, resource }) => {
      const file = await readImageFile(services.config.dataDir, resource.image, variant);
      // Image bytes are no tokens or personal data, and never change under their id (docs/security.md).
      ctx.set('Cache-Control', 'private, max-age=86400');
      ctx.type = file.mimeType;
      // A browser that opens the address itself saves the file instead of showing it in the app's
      // origin, under a name of ours (ASVS 5.4.1); the app reads the bytes with fetch either way.
      ctx.attachment(file.fileName, { type: 'attachment' });
      return file.bytes;
    },
  };
}

/** GET /api/image-files/{id} and its thumbnail (docs/api.md "Images"). */
export function registerImageFileRoutes(api: ApiRoutes): void {
  api.get('/image-files/:id', imageFile('full'));
  api.get('/image-files/:id/thumbnail', imageFile('thumbnail'));
}
