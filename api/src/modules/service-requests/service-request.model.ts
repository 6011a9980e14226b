import { Model } from 'objection';
import type { ServiceRequestStatus } from '@shared/schemas/service-requests';

export class ServiceRequest extends Model {
  static override tableName = 'service_requests';

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
  status!: ServiceRequestStatus;
  providerPaymentId!: string | null;
  assigneeId!: string | null;
  contactMessageId!: string | null;
  chatConversationId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}
