import { Model } from 'objection';
import type { EnquiryStatus } from '@shared/schemas/enquiries';

export class Enquiry extends Model {
  static override tableName = 'enquiries';
  static override jsonAttributes = ['items'];

  id!: string;
  name!: string;
  email!: string;
  phone!: string | null;
  company!: string | null;
  service!: string;
  message!: string;
  /** A plain enquiry, or a quote request (issue 25) with the products it asks about in `items`. */
  kind!: 'enquiry' | 'quote_request';
  items!: { productId: string; name: string; quantity: number }[] | null;
  status!: EnquiryStatus;
  repliedAt!: Date | null;
  createdAt!: Date;
  /** An enquiry that arrived by email: the received message, and the earlier thread it could not join. */
  inboundEmailId?: string | null;
  earlierThreadKind?: 'ticket' | 'enquiry' | 'quote' | null;
  earlierThreadId?: string | null;
}
