import { Model } from 'objection';
import type { TicketStatus } from '@shared/schemas/tickets';

export class Ticket extends Model {
  static override tableName = 'tickets';

  id!: string;
  /** Shown as T-<number> (decision 181); Postgres bigint arrives as a string. */
  number!: string;
  userId!: string | null;
  name!: string;
  email!: string;
  phone!: string | null;
  company!: string | null;
  service!: string;
  message!: string;
  status!: TicketStatus;
  providerPaymentId!: string | null;
  assigneeId!: string | null;
  enquiryId!: string | null;
  chatConversationId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}
