import { company } from '@shared/site/company';
import { Action, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface EmailVerificationData {
  name: string;
  username: string;
  email: string;
  /** The single-use token of the link (a secret of the mail: mail-secrets.ts). */
  token: string;
}

/** To the address of an account whose owner asked, on their Account page, to confirm it. */
export const emailVerification = defineTemplate<EmailVerificationData>({
  subject: () => 'Confirm your email address',
  preview: (data) => `Confirm ${data.email} as the email address of your ${company.shortName} account.`,
  reason: `You are receiving this email because confirmation of this address was requested for an account at ${company.name}.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>Confirm your email address</Title>
      <Paragraph>
        Hello {data.name}, please confirm that <strong>{data.email}</strong> is the email address of your account{' '}
        <strong>{data.username}</strong>. Once it is confirmed, enquiries you send us from this address appear in your
        portal. The link works once, for one hour.
      </Paragraph>
      <Action href={ctx.url(`/confirm-email?token=${encodeURIComponent(data.token)}`)} label="Confirm this address" />
      <Paragraph muted>If you did not ask for this, ignore this email: nothing changes.</Paragraph>
    </>
  ),
});
