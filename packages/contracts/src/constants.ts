/**
 * `@openbourse/contracts/constants`: the contracts' constants, literal unions, languages and the
 * error catalogue's codes, with no zod anywhere in this entry's imports, so the web's first page
 * can use them without loading the schemas (constants.test.ts checks the import graph).
 */
export * from './errors/codes.js';
export * from './languages.js';
export * from './market/market.constants.js';
