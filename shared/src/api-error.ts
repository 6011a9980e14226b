import { z } from 'zod';

/** Every non-2xx answer of the API has this body (read it without zod with errorBodyMessage). */
export const apiErrorSchema = z.object({ message: z.string() });
