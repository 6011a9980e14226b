import { company, formatAddressLines } from '@shared/site/company';
import { LegalDocument, LegalList, LegalSection } from './legal-document';
import { MailLink } from './mail-link';

const PRIVACY_EFFECTIVE_DATE = 'November 21, 2026';

export function PrivacyPolicy() {
  const [street, cityLine] = formatAddressLines();
  return (
    <LegalDocument title="Privacy Policy" effective={PRIVACY_EFFECTIVE_DATE}>
      <p className="text-lg text-slate-700">
        This policy explains what information {company.legalName} (&ldquo;{company.shortName}&rdquo;, &ldquo;we&rdquo;)
        collects when you use our website, shop, client portal and live chat, why we collect it, and the choices you
        have. We wrote it to be read, not just to be agreed to.
      </p>

      <LegalSection id="collect" title="Information we collect">
        <p>We collect only what we need to answer you, deliver what you buy and run our services:</p>
        <LegalList
          items={[
            <>
              <strong>Enquiries.</strong> When you send the contact form: your name, email address, phone number and
              company (both optional), the service you are interested in and your message.
            </>,
            <>
              <strong>Accounts.</strong> When you create an account: a username, your password (stored only as a salted
              scrypt hash, never in readable form), and optionally your email address and name.
            </>,
            <>
              <strong>Orders, consultations and subscriptions.</strong> The products or plan you choose, amounts, order
              status and the shipping address you give us.
            </>,
            <>
              <strong>Live chat.</strong> The name and optional email you enter to start a chat, and the messages you
              and our staff exchange.
            </>,
            <>
              <strong>Technical information.</strong> Our servers log each request: your IP address, the page or address
              requested, the time and the result. We use these logs to keep the service secure and working.
            </>,
          ]}
        />
        <p>
          <strong>Payment cards.</strong> Card payments are handled by Stripe, Inc. Your card number is entered into
          Stripe&rsquo;s secure payment form and goes directly to Stripe; it never reaches or is stored on our servers.
          We receive only what we need to match the payment to your order, such as its status and amount.
        </p>
      </LegalSection>

      <LegalSection id="use" title="How we use it">
        <LegalList
          items={[
            'To reply to your enquiries and chats, prepare quotes and schedule work.',
            'To process orders, payments, consultations and subscriptions, and to show them in your client portal.',
            'To email you about what you do with us, to the address you gave: a welcome when you sign up, password reset and address confirmation links, receipts for orders, consultations and subscriptions (and a note when a payment fails or a plan is cancelled or resumed), a copy of your enquiry, and our chat replies while you are away. We send no newsletters, and our emails load no images and carry no trackers.',
            'To keep your account secure, prevent fraud and abuse (for example by limiting repeated attempts), and fix problems.',
            'To meet our legal, tax and accounting obligations.',
          ]}
        />
        <p>
          We do not sell your personal information, we do not share it for cross-context behavioral advertising, and we
          do not use advertising or analytics trackers on this website.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="Cookies">
        <p>
          We set one cookie of our own: a session cookie that keeps you logged in and connects your chat to you. It
          contains a random identifier only, cannot be read by scripts, and expires after 14 days. It is strictly
          necessary, so we do not ask for consent to it. On pages where you pay, Stripe&rsquo;s payment form may set its
          own cookies to prevent fraud, under{' '}
          <a
            href="https://stripe.com/privacy"
            className="font-medium text-blue-700 underline hover:text-blue-800"
            rel="noopener noreferrer"
          >
            Stripe&rsquo;s privacy policy
          </a>
          .
        </p>
      </LegalSection>

      <LegalSection id="share" title="Who we share it with">
        <LegalList
          items={[
            'Stripe, to process payments and subscriptions.',
            'The companies that host our servers and database, under contracts that let them use the data only to provide that service.',
            'Field technicians we dispatch to your site, who receive the site address and contact details needed for the visit.',
            'Authorities, when the law requires it, or to protect the rights and safety of our clients, staff or the public.',
            'A buyer or successor, if our business is sold or merged; this policy would continue to apply to your information.',
          ]}
        />
      </LegalSection>

      <LegalSection id="retention" title="How long we keep it">
        <p>
          We keep enquiries and chat transcripts as long as we need them to respond and to keep a record of our work
          with you. Order and payment records are kept for seven years to meet tax and accounting rules. Server logs are
          kept for a short period for security. Account information is kept while your account is open; you can ask us
          to close it and delete what we no longer have to keep.
        </p>
      </LegalSection>

      <LegalSection id="security" title="How we protect it">
        <p>
          Traffic to this website is encrypted with HTTPS. Passwords are hashed, access to client data is limited to
          staff who need it and checked on our servers, and our systems are kept patched and monitored. No system is
          perfectly secure; if a breach affects your information, we will tell you as the law requires.
        </p>
      </LegalSection>

      <LegalSection id="rights" title="Your choices and rights">
        <p>
          You can ask us to tell you what personal information we hold about you, to correct it, to delete it, or to
          give you a copy. Residents of California and other states with privacy laws have these rights by law, and we
          extend them to everyone. We will confirm your identity before acting on a request and will not treat you
          differently for making one. Write to <MailLink address={company.email} />.
        </p>
      </LegalSection>

      <LegalSection id="children" title="Children">
        <p>
          Our services are for businesses and are not directed to children under 16. We do not knowingly collect
          information from them; if you believe we have, contact us and we will delete it.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to this policy">
        <p>
          If we change this policy, we will post the new version here with a new effective date, and tell account
          holders by email before any change that reduces their rights.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact us">
        <p>
          Questions about privacy go to <MailLink address={company.email} />, or by mail to {company.legalName},{' '}
          {street}, {cityLine}.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
