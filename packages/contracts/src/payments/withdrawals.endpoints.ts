import { endpoint, type InputOf, type NoInput, type OutputOf } from '../http/endpoint.js';
import type {
  ZAddressBookAddRequest,
  ZAddressBookConfirmRequest,
  ZAddressBookDeleted,
  ZAddressBookEntry,
  ZAddressBookList,
  ZAddressBookParams,
  ZWithdrawal,
  ZWithdrawalList,
  ZWithdrawalListQuery,
  ZWithdrawalQuote,
  ZWithdrawalQuoteQuery,
  ZWithdrawalRequest,
} from './withdrawals.contracts.js';

/** The withdrawal endpoints as clients see them (issue 15), types only; live book only (a demo session: 10125). */
export const withdrawalsEndpoints = {
  withdraw: endpoint<{ body: InputOf<typeof ZWithdrawalRequest> }, OutputOf<typeof ZWithdrawal>, 'live-user'>(
    'POST',
    '/swx/customer/user/withdrawal',
    'live-user',
  ),
  withdrawalQuote: endpoint<
    { query: InputOf<typeof ZWithdrawalQuoteQuery> },
    OutputOf<typeof ZWithdrawalQuote>,
    'live-user'
  >('GET', '/swx/customer/user/withdrawal/quote', 'live-user'),
  listWithdrawals: endpoint<
    { query: InputOf<typeof ZWithdrawalListQuery> },
    OutputOf<typeof ZWithdrawalList>,
    'live-user'
  >('GET', '/swx/customer/user/listWithdrwal', 'live-user'),
  addWithdrawalAddress: endpoint<
    { body: InputOf<typeof ZAddressBookAddRequest> },
    OutputOf<typeof ZAddressBookEntry>,
    'live-user'
  >('POST', '/swx/customer/user/withdrawalAddresses', 'live-user'),
  listWithdrawalAddresses: endpoint<NoInput, OutputOf<typeof ZAddressBookList>, 'live-user'>(
    'GET',
    '/swx/customer/user/withdrawalAddresses',
    'live-user',
  ),
  deleteWithdrawalAddress: endpoint<
    { params: InputOf<typeof ZAddressBookParams> },
    OutputOf<typeof ZAddressBookDeleted>,
    'live-user'
  >('DELETE', '/swx/customer/user/withdrawalAddresses/:id', 'live-user'),
  confirmWithdrawalAddress: endpoint<
    { body: InputOf<typeof ZAddressBookConfirmRequest> },
    OutputOf<typeof ZAddressBookEntry>,
    'public'
  >('POST', '/swx/customer/user/withdrawalAddresses/confirm', 'public'),
};
