import { company } from '@shared/site/company';
import { Action, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface PasswordResetData {
  name: string;
  username: string;
  /** The single-use token of the link (removed from the outbox once the mail is delivered). */
  token: string;
}

/** To the account's address when someone asks to reset its password. */
export const passwordReset = defineTemplate<PasswordResetData>({
  subject: () => 'Reset your password',
  preview: () => 'Use this link within an hour to choose a new password.',
  reason: `You are receiving this email because a password reset was requested for your account at ${company.name}.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>Reset your password</Title>
      <Paragraph>
        Hello {data.name}, we received a request to reset the password of your account <strong>{data.username}</strong>.
        Choose a new one with this link. It works once, for one hour.
      </Paragraph>
      <Action href={ctx.url(`/reset-password?token=${encodeURIComponent(data.token)}`)} label="Choose a new password" />
      <Paragraph muted>
        Setting a new password signs you out everywhere. If you did not ask for this, ignore this email: your password
        stays as it is.
      </Paragraph>
    </>
  ),
});
