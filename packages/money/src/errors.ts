/** A text that is not an amount (or not one with the asset's number of decimals). */
export class MoneyFormatError extends Error {
  constructor(
    readonly input: string,
    readonly reason: string,
  ) {
    super(`Not a valid amount "${input}": ${reason}`);
    this.name = 'MoneyFormatError';
  }
}
