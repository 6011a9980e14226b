import { Model, type Pojo } from 'objection';
import type { AccountType } from '@shared/schemas/auth';
import { roleMay, type Permission, type StaffRole } from '@shared/staff-roles';

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
  /** A staff account's role (shared/src/staff-roles.ts); null for clients. */
  staffRole!: StaffRole | null;
  /** When a staff member's account was deactivated: it cannot sign in and its sessions end. Null: active. */
  deactivatedAt!: Date | null;
  /** When the account last signed in; null: never. */
  lastSignInAt!: Date | null;
  /** The TOTP secret, encrypted (auth/totp-secret-box.ts): pending after setup, active once totpEnabledAt is set. */
  totpSecret!: string | null;
  /** When two-factor sign-in was turned on; null: off. */
  totpEnabledAt!: Date | null;
  /** The time step of the last TOTP code accepted (bigint: the driver gives a string). */
  totpLastStep!: string | number | null;
  createdAt!: Date;
  updatedAt!: Date;

  override $beforeUpdate(): void {
    this.updatedAt = new Date();
  }

  /** The password hash and the TOTP secret never leave the server, whatever serialises the model. */
  override $formatJson(json: Pojo): Pojo {
    const formatted = super.$formatJson(json);
    delete formatted.passwordHash;
    delete formatted.totpSecret;
    return formatted;
  }

  /** The account's address, when it is proven to be its owner's: the only one anything may be matched to by email. */
  get verifiedEmail(): string | null {
    return this.email && this.emailVerifiedAt ? this.email : null;
  }

  get twoFactorEnabled(): boolean {
    return !!this.totpEnabledAt;
  }

  /** Admins may not go without two-factor sign-in (decision 169); for everyone else it is optional. */
  get mustUseTwoFactor(): boolean {
    return this.isStaff && this.staffRole === 'admin';
  }

  get isStaff(): boolean {
    return this.accountType === 'staff';
  }

  /** Whether this account's role grants the permission (clients have none). */
  may(permission: Permission): boolean {
    return this.isStaff && roleMay(this.staffRole, permission);
  }

  /** The name to address the client by: first and last name as given, or the username without either. */
  get displayName(): string {
    return [this.firstName, this.lastName].filter(Boolean).join(' ') || this.username;
  }
}
