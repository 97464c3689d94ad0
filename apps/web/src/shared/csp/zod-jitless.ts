// The page's CSP has no 'unsafe-eval'. zod compiles a fast object parser with `new Function`
// unless told not to, probing first whether eval is allowed; the probe is caught, but the browser
// still reports it as a CSP refusal (a `securitypolicyviolation`) on every page that parses with
// zod. zod reads its global configuration from globalThis.__zod_globalConfig (shared by every
// copy of zod), so setting `jitless` here, before any zod module loads (zod lives in lazy chunks),
// skips the probe without adding zod to the first page's JavaScript.
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
