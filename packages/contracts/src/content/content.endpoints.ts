import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
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

/**
 * The content endpoints as clients see them: method, full path and auth level, with their
 * payload types (types only: this file loads no schema, so the web's first page can use it).
 * The server's declarations add the schemas (`content.routes.ts`).
 */
export const contentEndpoints = {
  listContents: endpoint<
    { params: InputOf<typeof ZListContentsParams> },
    OutputOf<typeof ZListContentsResponse>,
    'public'
  >('GET', '/swx/customer/index/listContents/:type', 'public'),
  getContentsById: endpoint<{ params: InputOf<typeof ZContentByIdParams> }, OutputOf<typeof ZContentDetail>, 'public'>(
    'GET',
    '/swx/customer/index/getContentsById/:id',
    'public',
  ),
  getContentBySlug: endpoint<
    { params: InputOf<typeof ZContentBySlugParams> },
    OutputOf<typeof ZContentDetail>,
    'public'
  >('GET', '/swx/customer/index/getContentBySlug/:slug', 'public'),
  listHelp: endpoint<{ query: InputOf<typeof ZListHelpQuery> }, OutputOf<typeof ZListHelpResponse>, 'public'>(
    'GET',
    '/swx/customer/index/listHelp',
    'public',
  ),
  searchContents: endpoint<
    { query: InputOf<typeof ZSearchContentQuery> },
    OutputOf<typeof ZSearchContentResponse>,
    'public'
  >('GET', '/swx/customer/index/searchContents', 'public'),
  getParamByKey: endpoint<{ params: InputOf<typeof ZParamKeyParams> }, OutputOf<typeof ZParamResponse>, 'public'>(
    'GET',
    '/swx/customer/index/getParamByKey/:key',
    'public',
  ),
  getCustomContents: endpoint<NoInput, OutputOf<typeof ZCustomContentsResponse>, 'public'>(
    'GET',
    '/swx/customer/index/getCustomContents',
    'public',
  ),
  links: endpoint<NoInput, OutputOf<typeof ZLinksResponse>, 'public'>('GET', '/swx/customer/index/links', 'public'),
  customerServiceType: endpoint<
    { body: InputOf<typeof ZCustomerServiceTypeRequest> },
    OutputOf<typeof ZCustomerServiceTypeResponse>,
    'public'
  >('POST', '/swx/customer/customer-service/type', 'public'),
  customerServiceFooter: endpoint<NoInput, OutputOf<typeof ZCustomerServiceFooterResponse>, 'public'>(
    'POST',
    '/swx/customer/customer-service/footer',
    'public',
  ),
  settingsKey: endpoint<{ body: InputOf<typeof ZSettingKeyRequest> }, OutputOf<typeof ZSettingResponse>, 'public'>(
    'POST',
    '/swx/customer/settings/key',
    'public',
  ),
  settingsPublic: endpoint<NoInput, OutputOf<typeof ZPublicSettingsResponse>, 'public'>(
    'GET',
    '/swx/customer/settings/public',
    'public',
  ),
};
