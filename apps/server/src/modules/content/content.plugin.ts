import type { FastifyInstance } from 'fastify';
import { registerContentRoutes } from './content.routes.js';
import type { ContentService } from './content.service.js';

/** The content module, registered under the API prefix. */
export async function contentPlugin(app: FastifyInstance, options: { content: ContentService }): Promise<void> {
  registerContentRoutes(app, options.content);
}
