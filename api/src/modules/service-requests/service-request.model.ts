import { Model, type RelationMappings } from 'objection';
import { User } from '../users/user.model';

export const serviceRequestStatuses = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type ServiceRequestStatus = (typeof serviceRequestStatuses)[number];

export class ServiceRequest extends Model {
  static override tableName = 'service_requests';

  id!: string;
  userId!: string | null;
  name!: string;
  email!: string;
  phone!: string | null;
  company!: string | null;
  service!: string;
  message!: string;
  status!: ServiceRequestStatus;
  stripePaymentId!: string | null;
  createdAt!: Date;

  user?: User;

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: Model.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'service_requests.userId', to: 'users.id' },
    },
  });
}
