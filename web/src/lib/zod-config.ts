import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it can. The pages' CSP
// forbids eval, so in the browser that attempt is reported as a CSP violation:
// validate without it. (The API server has no CSP and keeps the faster parsers.)
z.config({ jitless: true });
