import { declareRoute } from '../http/route-declaration.js';
import {
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
import { withdrawalsEndpoints } from './withdrawals.endpoints.js';

/** The withdrawal routes as the server declares them (issue 15). Live book only. */
export const withdrawalsRoutes = {
  withdraw: declareRoute(withdrawalsEndpoints.withdraw, {
    summary:
      'Request a withdrawal to a usable address-book entry (live book): holds amount + fee and queues it for review; ' +
      'answers 20003 with the record (20094 one per day, 20095 another under review, 10026 no network)',
    tags: ['payments'],
    owner: 'caller',
    body: ZWithdrawalRequest,
    response: ZWithdrawal,
    successCode: 'WITHDRAWAL_SUBMITTED',
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  withdrawalQuote: declareRoute(withdrawalsEndpoints.withdrawalQuote, {
    summary: 'The fee, total held, minimum and available balance of a withdrawal, shown before confirming',
    tags: ['payments'],
    owner: 'caller',
    query: ZWithdrawalQuoteQuery,
    response: ZWithdrawalQuote,
  }),
  listWithdrawals: declareRoute(withdrawalsEndpoints.listWithdrawals, {
    summary: "The caller's withdrawals, newest first, with their state, hash and reason",
    tags: ['payments'],
    owner: 'caller',
    query: ZWithdrawalListQuery,
    response: ZWithdrawalList,
  }),
  addWithdrawalAddress: declareRoute(withdrawalsEndpoints.addWithdrawalAddress, {
    summary:
      'Add a withdrawal address (format checked per network); a confirmation link is e-mailed, and once confirmed ' +
      'the address is usable after WITHDRAWAL_ADDRESS_COOLING_HOURS',
    tags: ['payments'],
    owner: 'caller',
    body: ZAddressBookAddRequest,
    response: ZAddressBookEntry,
    rateLimit: { max: 10, timeWindow: '1 minute' },
  }),
  listWithdrawalAddresses: declareRoute(withdrawalsEndpoints.listWithdrawalAddresses, {
    summary: "The caller's withdrawal address book with each entry's status",
    tags: ['payments'],
    owner: 'caller',
    response: ZAddressBookList,
  }),
  deleteWithdrawalAddress: declareRoute(withdrawalsEndpoints.deleteWithdrawalAddress, {
    summary: 'Remove an entry of the address book',
    tags: ['payments'],
    // The id must name one of the caller's entries: anyone else's answers 10182 as an unknown id.
    owner: { record: 'withdrawal-address', at: 'params.id' },
    params: ZAddressBookParams,
    response: ZAddressBookDeleted,
  }),
  confirmWithdrawalAddress: declareRoute(withdrawalsEndpoints.confirmWithdrawalAddress, {
    summary:
      'Confirm an address-book entry with the token of the e-mailed link (the token is the proof); the web page ' +
      'at the link posts it, a GET changes nothing',
    tags: ['payments'],
    body: ZAddressBookConfirmRequest,
    response: ZAddressBookEntry,
    rateLimit: { max: 20, timeWindow: '1 minute' },
  }),
};
