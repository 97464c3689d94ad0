export * from './content/content.contracts.js';
export * from './envelope.js';
export * from './errors/catalogue.js';
export * from './errors/codes.js';
export * from './identity/google.contracts.js';
export * from './identity/identity.contracts.js';
export * from './identity/wallet.contracts.js';
export * from './languages.js';
