import { z } from 'zod';

/** A product as GET /api/products returns it (spec §3: price and rating are decimal strings). */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  /** numeric(10,2), e.g. "1299.00". */
  price: z.string(),
  imageUrl: z.string().nullable(),
  /** numeric(2,1), e.g. "4.5"; null when unrated (shown as N/A). */
  rating: z.string().nullable(),
  inStock: z.boolean(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** POST /api/admin/seed-products answers with how many products were new. */
export const seedResultSchema = z.object({
  message: z.string(),
  count: z.number().int(),
  updated: z.number().int(),
});
export type SeedResult = z.infer<typeof seedResultSchema>;

/** The /admin form: the bearer token typed by the administrator. */
export const adminTokenFormSchema = z
  .object({
    token: z.string().trim().min(1, 'Please enter the admin token').max(500, 'The admin token is too long'),
  })
  .strict();
