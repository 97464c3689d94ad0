/**
 * The journeys' ports. `E2E_PORT_OFFSET` shifts them all (and scripts/e2e-server.mjs reads the
 * same variable), so two checkouts on one machine can run their journeys at once.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const MAIN_PORT = 8091 + offset;
export const MAIN_MAIL_PORT = 8093 + offset;
export const GUARDED_PORT = 8095 + offset;
export const GUARDED_MAIL_PORT = 8096 + offset;
export const MAIN_URL = `http://127.0.0.1:${MAIN_PORT}`;
export const GUARDED_URL = `http://127.0.0.1:${GUARDED_PORT}`;
