import { z } from 'zod';

export * from './area-codes.constants.js';

export const ZAreaCodesResponse = z.array(z.object({ code: z.string(), region: z.string().length(2) }));
