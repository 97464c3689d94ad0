import i18next from 'i18next';
import { catalogueMessage } from '../i18n/i18n';
import { ApiError, CLIENT_CODES } from './client';

/**
 * The text to show for a failure, in the user's language: the client's own catalogue for
 * the code (unknown codes get the generic fallback), network problems in their own words.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === CLIENT_CODES.NETWORK) return i18next.t('app.networkError');
    if (error.code === CLIENT_CODES.TIMEOUT) return i18next.t('app.timeout');
    return catalogueMessage(error.code) || error.msg;
  }
  return catalogueMessage(0);
}
