import type { Knex } from 'knex';

/** One enquiry sent from a customer's address, as the staff customer page lists it. */
export interface CustomerEnquiryRow {
  id: string;
  service: string;
  message: string;
  createdAt: Date;
}

/**
 * The latest enquiries sent from an address (any case), newest first. Pass only an address proven to be the
 * customer's: anyone can type someone else's into the contact form (decision 155).
 */
export function enquiriesFromEmail(db: Knex, verifiedEmail: string, limit: number): Promise<CustomerEnquiryRow[]> {
  return db('enquiries')
    .whereRaw('lower(email) = ?', [verifiedEmail.toLowerCase()])
    .orderBy('createdAt', 'desc')
    .limit(limit)
    .select<CustomerEnquiryRow[]>('id', 'service', 'message', 'createdAt');
}
