import { company } from '@shared/site/company';
import { Action, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface WelcomeData {
  /** How to address them: first name, else the username. */
  name: string;
  username: string;
  /**
   * The single-use token of the link that confirms the address (a secret of
   * the mail: mail-secrets.ts); none in welcome mails queued before it.
   */
  verifyToken?: string;
}

/** To a new client who gave an email at sign-up. */
export const welcome = defineTemplate<WelcomeData>({
  subject: () => `Welcome to ${company.name}`,
  preview: () => 'Your client portal is ready: orders, service requests and your subscription in one place.',
  reason: `You are receiving this email because an account was created with this address at ${company.name}.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>Welcome, {data.name}</Title>
      <Paragraph>
        Your account <strong>{data.username}</strong> is ready. In your client portal you can follow your orders and
        service requests, manage your subscription and keep your details up to date.
      </Paragraph>
      {data.verifyToken ? (
        <>
          <Paragraph>
            Please confirm that this is your email address: until you do, enquiries sent from it do not appear in your
            portal. The link works once, for one hour; you can ask for a new one on your Account page.
          </Paragraph>
          <Action
            href={ctx.url(`/confirm-email?token=${encodeURIComponent(data.verifyToken)}`)}
            label="Confirm your email address"
          />
        </>
      ) : (
        <Action href={ctx.url('/portal')} label="Open your portal" />
      )}
      <Paragraph muted>
        Questions? Reply to this email, call us at {company.phone} or chat with us on our website.
      </Paragraph>
    </>
  ),
});
