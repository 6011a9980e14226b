import { company } from '@shared/site/company';
import { Action, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface EmailChangeData {
  name: string;
  username: string;
  newEmail: string;
  /** The single-use token of the link (removed from the outbox once the mail is delivered). */
  token: string;
}

/** To the new address a client entered on their Account page, before it takes effect. */
export const emailChange = defineTemplate<EmailChangeData>({
  subject: () => 'Confirm your new email address',
  preview: (data) => `Confirm ${data.newEmail} as the email address of your ${company.shortName} account.`,
  reason: `You are receiving this email because this address was entered as the new email of an account at ${company.name}.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>Confirm your new email address</Title>
      <Paragraph>
        Hello {data.name}, please confirm that <strong>{data.newEmail}</strong> should become the email address of your
        account <strong>{data.username}</strong>. Until you do, we keep using your current address. The link works once,
        for one hour.
      </Paragraph>
      <Action href={ctx.url(`/confirm-email?token=${encodeURIComponent(data.token)}`)} label="Confirm this address" />
      <Paragraph muted>If you did not ask for this, ignore this email: nothing changes.</Paragraph>
    </>
  ),
});
