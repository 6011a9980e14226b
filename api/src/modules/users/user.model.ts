import { Model, type Pojo } from 'objection';
import type { AccountType } from '@shared/schemas/auth';

export class User extends Model {
  static override tableName = 'users';

  id!: string;
  username!: string;
  passwordHash!: string;
  email!: string | null;
  /** When the current email was proven the owner's (a link mailed to it was opened); null: unverified. */
  emailVerifiedAt!: Date | null;
  firstName!: string | null;
  lastName!: string | null;
  profileImageUrl!: string | null;
  stripeCustomerId!: string | null;
  stripeSubscriptionId!: string | null;
  subscriptionStatus!: string | null;
  subscriptionPlan!: string | null;
  accountType!: AccountType;
  createdAt!: Date;
  updatedAt!: Date;

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }

  /** The password hash never leaves the server, whatever serialises the model. */
  override $formatJson(json: Pojo): Pojo {
    const formatted = super.$formatJson(json);
    delete formatted.passwordHash;
    return formatted;
  }

  /** The account's address, when it is proven to be its owner's: the only one anything may be matched to by email. */
  get verifiedEmail(): string | null {
    return this.email && this.emailVerifiedAt ? this.email : null;
  }

  get isStaff(): boolean {
    return this.accountType === 'staff';
  }

  /** The name to address the client by: first and last name as given, or the username without either. */
  get displayName(): string {
    return [this.firstName, this.lastName].filter(Boolean).join(' ') || this.username;
  }
}
