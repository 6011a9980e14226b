import { Model } from 'objection';

export class ContactMessage extends Model {
  static override tableName = 'contact_messages';

  id!: string;
  name!: string;
  email!: string;
  phone!: string | null;
  company!: string | null;
  service!: string;
  message!: string;
  createdAt!: Date;
}
