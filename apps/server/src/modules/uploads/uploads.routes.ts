import fastifyMultipart from '@fastify/multipart';
import { uploadsRoutes } from '@openbourse/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../platform/errors/app-error.js';
import { defineRoute } from '../../platform/http/route.js';
import { readOwnUpload, readUploadForOperator, type UploadBytes } from './read-upload.js';
import { storeUpload } from './store-upload.js';
import type { UploadsContext } from './uploads.context.js';

/** Multipart errors from @fastify/multipart and busboy, as catalogue codes (never their raw answer). */
function multipartError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('UPLOAD_TOO_LARGE');
  return new AppError('INVALID_INPUT', { data: { issues: [{ path: 'body', message: 'not a valid multipart form' }] } });
}

/** The image itself, not the envelope; never cached by a shared cache, never sniffed as anything else. */
function sendImage(reply: FastifyReply, file: UploadBytes) {
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .send(file.bytes);
}

/**
 * The customer's upload routes (issue 15), under the API prefix. The multipart parser is
 * registered in this plugin only, so no other route accepts a multipart body.
 */
export async function uploadsPlugin(app: FastifyInstance, options: { ctx: UploadsContext }): Promise<void> {
  const { ctx } = options;
  await app.register(fastifyMultipart, {
    limits: { files: 1, fileSize: ctx.maxBytes, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  defineRoute(app, uploadsRoutes.upload, async ({ request, caller }) => {
    if (!request.isMultipart()) throw new AppError('UPLOAD_FILE_MISSING');
    let bytes: Buffer;
    try {
      const part = await request.file();
      if (part?.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('UPLOAD_FILE_MISSING');
      }
      bytes = await part.toBuffer();
    } catch (error) {
      throw multipartError(error);
    }
    return storeUpload(ctx, { ownerUserId: caller.id, bytes });
  });

  defineRoute(app, uploadsRoutes.ownFile, async ({ params, caller, reply }) =>
    sendImage(reply, await readOwnUpload(ctx, params.id, caller.id)),
  );
}

/** The operators' view of an upload held by a review queue item (issue 15), under the admin prefix. */
export async function uploadsAdminPlugin(app: FastifyInstance, options: { ctx: UploadsContext }): Promise<void> {
  const { ctx } = options;
  defineRoute(app, uploadsRoutes.operatorFile, async ({ params, caller, request, reply }) =>
    sendImage(
      reply,
      await readUploadForOperator(ctx, params.id, {
        operatorId: caller.id,
        roles: caller.roles,
        requestId: request.id,
        ip: request.ip,
      }),
    ),
  );
}
