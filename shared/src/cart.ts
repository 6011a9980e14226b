/**
 * Cart limits the pages need without a validation library: the cart (in every
 * page's header) imports them without loading zod (decisions 015, 091). The
 * order schemas in ./schemas/orders.ts re-export them.
 */
export const MAX_QUANTITY = 99;
export const MAX_CART_LINES = 50;
