import { z } from 'zod';
import { multiLine, singleLine } from './text';

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

/** POST /api/admin/seed-products answers with how many products were new, and how many it left as they are. */
export interface SeedResult {
  message: string;
  count: number;
  kept: number;
}

/** The /admin form: the bearer token typed by the administrator. */
export const adminTokenFormSchema = z
  .object({
    token: z.string().trim().min(1, 'Please enter the admin token').max(500, 'The admin token is too long'),
  })
  .strict();

const PRICE = /^\d{1,8}(\.\d{1,2})?$/;

const productFields = {
  name: z
    .string({ error: 'Name is required' })
    .pipe(singleLine(200, 'Name'))
    .pipe(z.string().min(1, 'Name is required')),
  category: z
    .string({ error: 'Category is required' })
    .pipe(singleLine(100, 'Category'))
    .pipe(z.string().min(1, 'Category is required')),
  description: z
    .string({ error: 'Description is required' })
    .pipe(multiLine(5000, 'Description'))
    .pipe(z.string().min(1, 'Description is required')),
  price: z
    .string({ error: 'Price must be an amount in dollars as text, e.g. "129.00"' })
    .trim()
    .regex(PRICE, 'Price must be an amount in dollars, e.g. "129.00"')
    .refine((value) => Number(value) > 0, 'Price must be more than $0.00')
    .refine((value) => Number(value) <= 999_999.99, 'Price must be at most $999,999.99'),
  inStock: z.boolean({ error: 'In stock must be true or false' }),
};

/** POST /api/admin/products (staff): a new product, in stock unless told otherwise. */
export const productCreateSchema = z
  .object({ ...productFields, inStock: productFields.inStock.default(true) })
  .strict();
export type ProductCreate = z.output<typeof productCreateSchema>;

/** PATCH /api/admin/products/{id} (staff): any of the fields, and archiving. */
export const productPatchSchema = z
  .object({
    name: productFields.name.optional(),
    category: productFields.category.optional(),
    description: productFields.description.optional(),
    price: productFields.price.optional(),
    inStock: productFields.inStock.optional(),
    archived: z.boolean({ error: 'Archived must be true or false' }).optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'Send at least one field to change');
export type ProductPatch = z.output<typeof productPatchSchema>;

/** A product as staff see it in the Catalogue (archived ones too). */
export interface AdminProduct extends Product {
  archived: boolean;
  updatedAt: string;
}

/** Product images: PNG, JPEG or WebP, at most this many bytes; stored re-encoded as WebP. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
