import { z } from 'zod';

/** Every non-2xx answer of the API has this body. */
export const apiErrorSchema = z.object({ message: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
