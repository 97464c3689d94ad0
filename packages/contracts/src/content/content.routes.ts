import { declareRoute } from '../http/route-declaration.js';
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
} from './content.contracts.js';
import { contentEndpoints } from './content.endpoints.js';

/** The content routes as the server declares them: each endpoint with its schemas, for validation and OpenAPI. */
export const contentRoutes = {
  listContents: declareRoute(contentEndpoints.listContents, {
    summary: 'Footer content pages (company, policy, other) in the request language',
    tags: ['content'],
    params: ZListContentsParams,
    response: ZListContentsResponse,
  }),
  getContentsById: declareRoute(contentEndpoints.getContentsById, {
    summary: 'One content item with its Markdown and sanitised HTML',
    tags: ['content'],
    params: ZContentByIdParams,
    response: ZContentDetail,
  }),
  getContentBySlug: declareRoute(contentEndpoints.getContentBySlug, {
    summary: 'One content item by its stable slug (e.g. introduction)',
    tags: ['content'],
    params: ZContentBySlugParams,
    response: ZContentDetail,
  }),
  listHelp: declareRoute(contentEndpoints.listHelp, {
    summary: 'Help centre FAQ entries or notices (newest first), with bodies',
    tags: ['content'],
    query: ZListHelpQuery,
    response: ZListHelpResponse,
  }),
  searchContents: declareRoute(contentEndpoints.searchContents, {
    summary: 'Search content titles in the request language',
    tags: ['content'],
    query: ZSearchContentQuery,
    response: ZSearchContentResponse,
  }),
  getParamByKey: declareRoute(contentEndpoints.getParamByKey, {
    summary: 'A product parameter shown to users (e.g. min_deposit_USDT)',
    tags: ['content'],
    params: ZParamKeyParams,
    response: ZParamResponse,
  }),
  getCustomContents: declareRoute(contentEndpoints.getCustomContents, {
    summary: 'Custom content blocks (e.g. the risk warning) in the request language',
    tags: ['content'],
    response: ZCustomContentsResponse,
  }),
  links: declareRoute(contentEndpoints.links, {
    summary: 'Social links (discord, twitter, telegram)',
    tags: ['content'],
    response: ZLinksResponse,
  }),
  customerServiceType: declareRoute(contentEndpoints.customerServiceType, {
    summary: 'Where a support channel lives: online_service → the support chat page',
    tags: ['content'],
    body: ZCustomerServiceTypeRequest,
    response: ZCustomerServiceTypeResponse,
  }),
  customerServiceFooter: declareRoute(contentEndpoints.customerServiceFooter, {
    summary: 'Support channels shown in the footer',
    tags: ['content'],
    response: ZCustomerServiceFooterResponse,
  }),
  settingsKey: declareRoute(contentEndpoints.settingsKey, {
    summary: 'A public setting by key (default_language, deployment_mode, about_content_id, …)',
    tags: ['content'],
    body: ZSettingKeyRequest,
    response: ZSettingResponse,
  }),
  settingsPublic: declareRoute(contentEndpoints.settingsPublic, {
    summary: 'The public deployment settings the web app needs at start',
    tags: ['content'],
    response: ZPublicSettingsResponse,
  }),
};
