import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
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

type Item = OutputOf<typeof ZAdminContentItemDetail>;
type ItemParams = InputOf<typeof ZAdminContentIdParams>;
type TranslationParams = InputOf<typeof ZAdminContentTranslationParams>;

/**
 * The back office's content editor (issue 14), types only; the server's declarations add the
 * schemas (`content-admin.routes.ts`). Served by the content module, which owns the tables.
 */
export const contentAdminEndpoints = {
  items: endpoint<
    { query: InputOf<typeof ZAdminContentItemsQuery> },
    OutputOf<typeof ZAdminContentItemsResponse>,
    'admin'
  >('GET', '/swx/admin/content/items', 'admin'),
  item: endpoint<{ params: ItemParams }, Item, 'admin'>('GET', '/swx/admin/content/items/:id', 'admin'),
  createItem: endpoint<{ body: InputOf<typeof ZAdminContentCreateRequest> }, Item, 'admin'>(
    'POST',
    '/swx/admin/content/items',
    'admin',
  ),
  updateItem: endpoint<{ params: ItemParams; body: InputOf<typeof ZAdminContentUpdateRequest> }, Item, 'admin'>(
    'POST',
    '/swx/admin/content/items/:id',
    'admin',
  ),
  saveTranslation: endpoint<
    { params: TranslationParams; body: InputOf<typeof ZAdminContentTranslationRequest> },
    Item,
    'admin'
  >('PUT', '/swx/admin/content/items/:id/translations/:lang', 'admin'),
  deleteTranslation: endpoint<
    { params: TranslationParams; query: InputOf<typeof ZAdminContentReasonQuery> },
    Item,
    'admin'
  >('DELETE', '/swx/admin/content/items/:id/translations/:lang', 'admin'),
  preview: endpoint<
    { body: InputOf<typeof ZAdminContentPreviewRequest> },
    OutputOf<typeof ZAdminContentPreviewResponse>,
    'admin'
  >('POST', '/swx/admin/content/preview', 'admin'),
  links: endpoint<NoInput, OutputOf<typeof ZAdminLinksResponse>, 'admin'>('GET', '/swx/admin/content/links', 'admin'),
  saveLink: endpoint<
    { params: InputOf<typeof ZAdminLinkParams>; body: InputOf<typeof ZAdminLinkRequest> },
    OutputOf<typeof ZAdminLinksResponse>,
    'admin'
  >('PUT', '/swx/admin/content/links/:type', 'admin'),
  params: endpoint<NoInput, OutputOf<typeof ZAdminParamsResponse>, 'admin'>(
    'GET',
    '/swx/admin/content/params',
    'admin',
  ),
  saveParam: endpoint<
    { params: InputOf<typeof ZAdminParamParams>; body: InputOf<typeof ZAdminParamRequest> },
    OutputOf<typeof ZAdminParamsResponse>,
    'admin'
  >('PUT', '/swx/admin/content/params/:key', 'admin'),
  settings: endpoint<NoInput, OutputOf<typeof ZAdminSettingsResponse>, 'admin'>(
    'GET',
    '/swx/admin/content/settings',
    'admin',
  ),
  saveSetting: endpoint<
    { params: InputOf<typeof ZAdminSettingParams>; body: InputOf<typeof ZAdminSettingRequest> },
    OutputOf<typeof ZAdminSettingsResponse>,
    'admin'
  >('PUT', '/swx/admin/content/settings/:key', 'admin'),
};
