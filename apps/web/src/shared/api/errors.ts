import i18next from 'i18next';
import { catalogueMessage } from '../i18n/i18n';
import { ApiError, CLIENT_CODES } from './client';

/** A catalogue message still holding a `{name}` the server fills ("You owe {outstanding}"). */
const UNFILLED_PLACEHOLDER = /\{\w+\}/;

/**
 * The text to show for a failure, in the user's language: the client's own catalogue for
 * the code (unknown codes get the generic fallback), network problems in their own words.
 * A message with placeholders only the server can fill (an amount owed, an asset) is the
 * server's own, already in the language the request asked for.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === CLIENT_CODES.NETWORK) return i18next.t('app.networkError');
    if (error.code === CLIENT_CODES.TIMEOUT) return i18next.t('app.timeout');
    return messageToShow(catalogueMessage(error.code), error.msg);
  }
  return catalogueMessage(0);
}

/** The client's catalogue text, unless it has blanks only the server's message filled in. */
export function messageToShow(catalogueText: string, serverMessage: string): string {
  if (catalogueText && UNFILLED_PLACEHOLDER.test(catalogueText) && serverMessage) return serverMessage;
  return catalogueText || serverMessage;
}
