import { company } from '@shared/site/company';
import { Action, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface StaffInvitationData {
  /** Who invited them (a name or username). */
  invitedBy: string;
  /** The role's label: Admin, Support, Sales, Fulfilment. */
  role: string;
  /** The single-use token of the link (removed from the outbox once the mail is delivered). */
  token: string;
  /** How many days the link works. */
  validDays: number;
  /** Admins set up two-factor sign-in before they reach the console. */
  twoFactorRequired: boolean;
}

/** To the address a staff member was invited at (issue 24, decision 170). */
export const staffInvitation = defineTemplate<StaffInvitationData>({
  subject: () => `You are invited to join the ${company.name} staff console`,
  preview: (data) => `Choose a username and password within ${data.validDays} days to accept.`,
  reason: `You are receiving this email because a ${company.name} administrator invited this address to the staff console.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>Join the staff console</Title>
      <Paragraph>
        {data.invitedBy} invited you to the {company.name} staff console as <strong>{data.role}</strong>. Choose your
        username and password with this link. It works once, for {data.validDays} days.
      </Paragraph>
      <Action href={ctx.url(`/accept-invite?token=${encodeURIComponent(data.token)}`)} label="Accept the invitation" />
      {data.twoFactorRequired ? (
        <Paragraph>
          As an admin you will then set up two-factor sign-in with an authenticator app before you reach the console.
        </Paragraph>
      ) : null}
      <Paragraph muted>
        If you did not expect this invitation, ignore this email: no account is created without it.
      </Paragraph>
    </>
  ),
});
