import { de, imageUploadSchema, type MessageResponse, validate } from '@werkboard/common';
import { validOrThrow } from '../errors';
import { deleteImage, listImages, readImageFile, uploadImage } from '../images/imageStore';
import { requireDatabase } from '../middleware/requireDatabase';
import type { AppRouter, AppRouterContext } from '../appTypes';
import { idParam, projectActorOf } from './context';

const imageId = (ctx: AppRouterContext) => idParam(ctx.params.id, de.team.images.notFound).toLowerCase();

/** Project images (docs/api.md "Images"): readable by who sees the project, changed by its team. */
export function registerImageRoutes(router: AppRouter): void {
  router.get('/images/:projectId', async (ctx) => {
    const projectId = idParam(ctx.params.projectId, de.projects.notFound).toLowerCase();
    ctx.body = await listImages(requireDatabase(ctx).sequelize, projectActorOf(ctx), projectId);
  });

  const serveFile = (variant: 'full' | 'thumbnail') => async (ctx: AppRouterContext) => {
    const { sequelize } = requireDatabase(ctx);
    const file = await readImageFile(
      sequelize,
      ctx.services.config.dataDir,
      projectActorOf(ctx),
      imageId(ctx),
      variant,
    );
    ctx.set('Cache-Control', 'private, max-age=86400');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = file.mimeType;
    ctx.body = file.bytes;
  };
  router.get('/image-files/:id', serveFile('full'));
  router.get('/image-files/:id/thumbnail', serveFile('thumbnail'));

  router.post('/images', async (ctx) => {
    const request = validOrThrow(validate(imageUploadSchema, ctx.request.body));
    const { sequelize } = requireDatabase(ctx);
    ctx.status = 201;
    ctx.body = await uploadImage(sequelize, ctx.services.config.dataDir, projectActorOf(ctx), request);
  });

  router.delete('/images/:id', async (ctx) => {
    const { sequelize } = requireDatabase(ctx);
    await deleteImage(sequelize, ctx.services.config.dataDir, projectActorOf(ctx), imageId(ctx));
    const body: MessageResponse = { message: de.team.images.deleted };
    ctx.body = body;
  });
}
