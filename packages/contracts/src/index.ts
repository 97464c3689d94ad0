export * from './languages.js';
export * from './envelope.js';
export * from './errors/codes.js';
export * from './errors/catalogue.js';
export * from './content/content.contracts.js';
