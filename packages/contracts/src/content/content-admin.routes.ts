import { declareRoute } from '../http/route-declaration.js';
import {
  ZAdminContentCreateRequest,
  ZAdminContentIdParams,
  ZAdminContentItemDetail,
  ZAdminContentItemsQuery,
  ZAdminContentItemsResponse,
  ZAdminContentPreviewRequest,
  ZAdminContentPreviewResponse,
  ZAdminContentReasonQuery,
  ZAdminContentTranslationParams,
  ZAdminContentTranslationRequest,
  ZAdminContentUpdateRequest,
  ZAdminLinkParams,
  ZAdminLinkRequest,
  ZAdminLinksResponse,
  ZAdminParamParams,
  ZAdminParamRequest,
  ZAdminParamsResponse,
  ZAdminSettingParams,
  ZAdminSettingRequest,
  ZAdminSettingsResponse,
} from './content-admin.contracts.js';
import { contentAdminEndpoints as e } from './content-admin.endpoints.js';

const common = { tags: ['admin', 'content'], owner: 'operator' } as const;

/** The content editor's routes as the server declares them (issue 14); every change is audit-logged. */
export const contentAdminRoutes = {
  items: declareRoute(e.items, {
    ...common,
    summary: 'Admins only: content items (pages of types 1-3, FAQ, notices), published or not, paged',
    query: ZAdminContentItemsQuery,
    response: ZAdminContentItemsResponse,
  }),
  item: declareRoute(e.item, {
    ...common,
    summary: 'Admins only: one content item with its Markdown in every language it has',
    params: ZAdminContentIdParams,
    response: ZAdminContentItemDetail,
  }),
  createItem: declareRoute(e.createItem, {
    ...common,
    summary: 'Admins only: create a content item with its texts (English required; unsafe Markdown refused, 10150)',
    body: ZAdminContentCreateRequest,
    response: ZAdminContentItemDetail,
  }),
  updateItem: declareRoute(e.updateItem, {
    ...common,
    summary: 'Admins only: change a content item’s type, order or publication (isPublished false unpublishes)',
    params: ZAdminContentIdParams,
    body: ZAdminContentUpdateRequest,
    response: ZAdminContentItemDetail,
  }),
  saveTranslation: declareRoute(e.saveTranslation, {
    ...common,
    summary: 'Admins only: write a content item’s title and Markdown in one language (unsafe Markdown refused, 10150)',
    params: ZAdminContentTranslationParams,
    body: ZAdminContentTranslationRequest,
    response: ZAdminContentItemDetail,
  }),
  deleteTranslation: declareRoute(e.deleteTranslation, {
    ...common,
    summary: 'Admins only: remove one language’s text (that language then shows English); English stays (10152)',
    params: ZAdminContentTranslationParams,
    query: ZAdminContentReasonQuery,
    response: ZAdminContentItemDetail,
  }),
  preview: declareRoute(e.preview, {
    ...common,
    summary: 'Admins only: the HTML the public page would show for this Markdown, by the same sanitiser',
    body: ZAdminContentPreviewRequest,
    response: ZAdminContentPreviewResponse,
  }),
  links: declareRoute(e.links, {
    ...common,
    summary: 'Admins only: the community links (discord, twitter, telegram)',
    response: ZAdminLinksResponse,
  }),
  saveLink: declareRoute(e.saveLink, {
    ...common,
    summary: 'Admins only: set a community link (https only)',
    params: ZAdminLinkParams,
    body: ZAdminLinkRequest,
    response: ZAdminLinksResponse,
  }),
  params: declareRoute(e.params, {
    ...common,
    summary: 'Admins only: the params answered by GET /index/getParamByKey/:key',
    response: ZAdminParamsResponse,
  }),
  saveParam: declareRoute(e.saveParam, {
    ...common,
    summary: 'Admins only: create or change a param',
    params: ZAdminParamParams,
    body: ZAdminParamRequest,
    response: ZAdminParamsResponse,
  }),
  settings: declareRoute(e.settings, {
    ...common,
    summary: 'Admins only: the operator settings; public ones are answered by POST /settings/key',
    response: ZAdminSettingsResponse,
  }),
  saveSetting: declareRoute(e.saveSetting, {
    ...common,
    summary: 'Admins only: create or change a setting and whether POST /settings/key answers it',
    params: ZAdminSettingParams,
    body: ZAdminSettingRequest,
    response: ZAdminSettingsResponse,
  }),
};
