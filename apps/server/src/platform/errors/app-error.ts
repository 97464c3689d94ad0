import { CATALOGUE, type CatalogueName } from '@openbourse/contracts';

/**
 * The only error a module throws on purpose. The error handler turns it into the envelope
 * with the code's message in the request's language; `params` fill the message's
 * placeholders and `data` travels to the client (never anything secret).
 */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;

  constructor(
    readonly catalogueName: CatalogueName,
    readonly details: { data?: unknown; params?: Record<string, string | number> } = {},
  ) {
    super(catalogueName);
    this.name = 'AppError';
    this.code = CATALOGUE[catalogueName].code;
    this.status = CATALOGUE[catalogueName].status;
  }
}
