import { Model } from 'objection';
import type { EnquiryStatus } from '@shared/schemas/enquiries';

export class ContactMessage extends Model {
  static override tableName = 'contact_messages';

  id!: string;
  name!: string;
  email!: string;
  phone!: string | null;
  company!: string | null;
  service!: string;
  message!: string;
  status!: EnquiryStatus;
  repliedAt!: Date | null;
  createdAt!: Date;
}
