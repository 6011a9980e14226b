import { z } from 'zod';

/** A product as GET /api/products returns it (spec §3: price and rating are decimal strings). */
export interface Product {
  id: string;
  name: string;
  category: string;
  description: string;
  /** numeric(10,2), e.g. "1299.00". */
  price: string;
  imageUrl: string | null;
  /** numeric(2,1), e.g. "4.5"; null when unrated (shown as N/A). */
  rating: string | null;
  inStock: boolean;
  createdAt: string;
}

/** POST /api/admin/seed-products answers with how many products were new. */
export interface SeedResult {
  message: string;
  count: number;
  updated: number;
}

/** The /admin form: the bearer token typed by the administrator. */
export const adminTokenFormSchema = z
  .object({
    token: z.string().trim().min(1, 'Please enter the admin token').max(500, 'The admin token is too long'),
  })
  .strict();
