import {
  ZContentByIdParams,
  ZContentBySlugParams,
  ZContentDetail,
  ZCustomContentsResponse,
  ZCustomerServiceFooterResponse,
  ZCustomerServiceTypeRequest,
  ZCustomerServiceTypeResponse,
  ZLinksResponse,
  ZListContentsParams,
  ZListContentsResponse,
  ZListHelpQuery,
  ZListHelpResponse,
  ZParamKeyParams,
  ZParamResponse,
  ZPublicSettingsResponse,
  ZSearchContentQuery,
  ZSearchContentResponse,
  ZSettingKeyRequest,
  ZSettingResponse,
} from '@openbourse/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/route.js';
import type { ContentService } from './content.service.js';

const tags = ['content'];

export function registerContentRoutes(app: FastifyInstance, content: ContentService): void {
  defineRoute(app, {
    method: 'GET',
    url: '/index/listContents/:type',
    auth: 'public',
    tags,
    summary: 'Footer content pages (company, policy, other) in the request language',
    params: ZListContentsParams,
    response: ZListContentsResponse,
    handler: ({ request }) => content.listPages(request.language),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/index/getContentsById/:id',
    auth: 'public',
    tags,
    summary: 'One content item with its Markdown and sanitised HTML',
    params: ZContentByIdParams,
    response: ZContentDetail,
    handler: ({ params, request }) => content.getById(params.id, request.language),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/index/getContentBySlug/:slug',
    auth: 'public',
    tags,
    summary: 'One content item by its stable slug (e.g. introduction)',
    params: ZContentBySlugParams,
    response: ZContentDetail,
    handler: ({ params, request }) => content.getBySlug(params.slug, request.language),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/index/listHelp',
    auth: 'public',
    tags,
    summary: 'Help centre FAQ entries or notices (newest first), with bodies',
    query: ZListHelpQuery,
    response: ZListHelpResponse,
    handler: ({ query, request }) => content.listHelp(query.kind, request.language),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/index/searchContents',
    auth: 'public',
    tags,
    summary: 'Search content titles in the request language',
    query: ZSearchContentQuery,
    response: ZSearchContentResponse,
    handler: ({ query, request }) => content.search(query.q, request.language),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/index/getParamByKey/:key',
    auth: 'public',
    tags,
    summary: 'A product parameter shown to users (e.g. min_deposit_USDT)',
    params: ZParamKeyParams,
    response: ZParamResponse,
    handler: ({ params }) => content.getParam(params.key),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/index/getCustomContents',
    auth: 'public',
    tags,
    summary: 'Custom content blocks (e.g. the risk warning) in the request language',
    response: ZCustomContentsResponse,
    handler: ({ request }) => content.getCustomContents(request.language),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/index/links',
    auth: 'public',
    tags,
    summary: 'Social links (discord, twitter, telegram)',
    response: ZLinksResponse,
    handler: () => content.getSocialLinks(),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/customer-service/type',
    auth: 'public',
    tags,
    summary: 'Where a support channel lives: online_service → the support chat page',
    body: ZCustomerServiceTypeRequest,
    response: ZCustomerServiceTypeResponse,
    handler: async ({ body }) => content.getCustomerService(body.type),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/customer-service/footer',
    auth: 'public',
    tags,
    summary: 'Support channels shown in the footer',
    response: ZCustomerServiceFooterResponse,
    handler: async () => content.getCustomerServiceFooter(),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/settings/key',
    auth: 'public',
    tags,
    summary: 'A public setting by key (default_language, deployment_mode, about_content_id, …)',
    body: ZSettingKeyRequest,
    response: ZSettingResponse,
    handler: ({ body }) => content.getSetting(body.key),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/settings/public',
    auth: 'public',
    tags,
    summary: 'The public deployment settings the web app needs at start',
    response: ZPublicSettingsResponse,
    handler: () => content.getPublicSettings(),
  });
}
