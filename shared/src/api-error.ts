import { z } from 'zod';

export * from './error-body';

/** Every non-2xx answer of the API has this body (read it without zod with errorBodyMessage). */
export const apiErrorSchema = z.object({ message: z.string() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
