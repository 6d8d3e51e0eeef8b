import {
  canReadProject,
  canWorkOnProject,
  de,
  imageUploadSchema,
  type MessageResponse,
  validate,
} from '@werkboard/common';
import { authorize, validOrThrow } from '../errors';
import type { ApiRoutes, Params } from '../http/endpoint';
import { idParam } from '../http/params';
import { deleteImage, findImage, inspectImage, listImages, storeImage } from '../images/imageStore';
import { presentImage } from '../presenters/image';
import { findProject } from '../services/projects';

const m = de.team.images;
const imageId = (params: Params) => idParam(params.id, m.notFound);

/** The upload's body: its fields, and the image decoded and checked (400 when it is none of ours). */
async function uploadBody(raw: unknown) {
  const request = validOrThrow(validate(imageUploadSchema, raw));
  return { projectId: request.projectId, name: request.name, image: await inspectImage(request.dataUrl) };
}

/** Project images (docs/api.md "Images"): readable by who sees the project, changed by its team while it is active. */
export function registerImageRoutes(api: ApiRoutes): void {
  api.get('/images/:projectId', {
    load: ({ sequelize, params }) => findProject(sequelize, idParam(params.projectId, de.projects.notFound)),
    authorize: ({ actor, resource }) => authorize(canReadProject(actor, resource), de.projects.accessForbidden),
    handle: ({ sequelize, resource }) => listImages(sequelize, resource.id),
    present: (rows) => rows.map(presentImage),
  });

  api.post('/images', {
    bodySize: 'large',
    body: uploadBody,
    transaction: true,
    load: ({ sequelize, body, transaction }) => findProject(sequelize, body.projectId, { transaction, lock: true }),
    authorize: ({ actor, resource }) => {
      authorize(canReadProject(actor, resource), de.projects.accessForbidden);
      authorize(canWorkOnProject(actor, resource), m.readOnly);
    },
    handle: ({ sequelize, transaction, services, actor, body }) =>
      storeImage(sequelize, transaction, services.config.dataDir, actor, body),
    status: 201,
    present: presentImage,
  });

  api.delete('/images/:id', {
    transaction: true,
    load: async ({ sequelize, params, transaction }) => {
      const image = await findImage(sequelize, imageId(params), transaction);
      return { image, project: await findProject(sequelize, image.projectId, { transaction, lock: true }) };
    },
    authorize: ({ actor, resource: { project } }) => {
      authorize(canReadProject(actor, project), de.projects.accessForbidden);
      authorize(canWorkOnProject(actor, project), m.readOnly);
    },
    handle: async ({ sequelize, transaction, services, resource }): Promise<MessageResponse> => {
      await deleteImage(sequelize, transaction, services.config.dataDir, resource.image, resource.project);
      return { message: m.deleted };
    },
  });
}
