import { company } from '@shared/site/company';
import { Action, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface PasswordChangedData {
  name: string;
  username: string;
  /** When it changed, ISO 8601. */
  changedAt: string;
  /** How: from the account page (signed in), or with a reset link. */
  how: 'changed' | 'reset';
}

const time = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: company.hours.timeZone,
    timeZoneName: 'short',
  });

/**
 * To the account's address after its password changed (from the account page or with a reset link), so that someone
 * whose account was taken over hears of it. No link that acts: the way back is the "forgot password" page.
 */
export const passwordChanged = defineTemplate<PasswordChangedData>({
  subject: () => 'Your password was changed',
  preview: (data) => `The password of ${data.username} was changed on ${time(data.changedAt)}.`,
  reason: `You are receiving this email because the password of your account at ${company.name} was changed.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>Your password was changed</Title>
      <Paragraph>
        Hello {data.name}, the password of your account <strong>{data.username}</strong> was{' '}
        {data.how === 'reset' ? 'reset with an emailed link' : 'changed from your account page'} on{' '}
        {time(data.changedAt)}. Every other device was signed out.
      </Paragraph>
      <Paragraph>
        If this was you, there is nothing to do. If it was not, choose a new password now and contact us at{' '}
        {company.email}.
      </Paragraph>
      <Action href={ctx.url('/forgot-password')} label="Reset your password" />
    </>
  ),
});
