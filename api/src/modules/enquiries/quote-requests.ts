import type { Knex } from 'knex';
import type { QuoteRequestInput } from '@shared/schemas/quotes';
import type { Config } from '../../config';
import { BadRequest } from '../../errors';
import { Product } from '../catalog/product.model';
import type { User } from '../users/user.model';
import { storeEnquiry, type QuoteRequestItem } from './contact.service';

/** What a quote request's enquiry is filed under (the console's Enquiries marks it). */
export const QUOTE_REQUEST_SERVICE = 'Quote request';

/**
 * A quote request (issue 25: the cart's "Request a quote instead"): stored as
 * an enquiry of kind `quote_request` with the products and quantities asked
 * about, named from the catalogue. The client never sends a price, and none is
 * kept: staff price the quote. Alerts and events as for any enquiry.
 */
export async function submitQuoteRequest(
  db: Knex,
  input: QuoteRequestInput,
  sender: User | null,
  config: {
    mail: Pick<Config['mail'], 'staffAlertEmails'>;
    rateLimits: Pick<Config['rateLimits'], 'contactAcknowledgementsPerRecipient'>;
  },
): Promise<string> {
  const wanted = input.items ?? [];
  const ids = [...new Set(wanted.map((item) => item.id))];
  const products = new Map(
    ids.length > 0 ? (await Product.query(db).findByIds(ids)).map((product) => [product.id, product] as const) : [],
  );
  const items: QuoteRequestItem[] = wanted.map((item, index) => {
    const product = products.get(item.id);
    if (!product || product.archivedAt) throw new BadRequest(`items.${index}.id: No such product`);
    return { productId: product.id, name: product.name, quantity: item.quantity };
  });
  return storeEnquiry(
    db,
    {
      name: input.name,
      email: input.email,
      phone: input.phone || null,
      company: input.company || null,
      service: QUOTE_REQUEST_SERVICE,
      message: input.message,
    },
    sender,
    config,
    { items },
  );
}
