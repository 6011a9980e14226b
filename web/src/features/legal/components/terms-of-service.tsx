import { Link } from 'react-router-dom';
import { company } from '@shared/site/company';
import { LegalDocument, LegalList, LegalSection } from './legal-document';
import { MailLink } from './mail-link';

const TERMS_EFFECTIVE_DATE = 'November 21, 2026';

const link = 'font-medium text-blue-700 underline hover:text-blue-800';

export function TermsOfService() {
  return (
    <LegalDocument title="Terms of Service" effective={TERMS_EFFECTIVE_DATE}>
      <p className="text-lg text-slate-700">
        These terms apply when you use the website, online shop, client portal and live chat of {company.legalName}{' '}
        (&ldquo;we&rdquo;, &ldquo;us&rdquo;). By using them, or by placing an order, you agree to these terms. If you
        use them on behalf of a company, you agree for that company.
      </p>

      <LegalSection id="website" title="Using the website">
        <p>You may use this website to learn about and buy our services and products. You agree not to:</p>
        <LegalList
          items={[
            'break or try to break its security, or access accounts or data that are not yours;',
            'send spam, malware or unlawful content through the contact form or chat;',
            'overload it with automated requests or scrape it in a way that disrupts it.',
          ]}
        />
      </LegalSection>

      <LegalSection id="accounts" title="Your account">
        <p>
          Keep your login details confidential and tell us at once if you think someone else has used your account. You
          are responsible for activity in your account. We may suspend accounts used to break these terms.
        </p>
      </LegalSection>

      <LegalSection id="orders" title="Orders and prices">
        <p>
          Prices are in US dollars. Sales tax is added at checkout. An order is accepted when we confirm it; we may
          cancel an order, with a full refund, if a product is unavailable or was listed at an obviously wrong price.
          Delivery dates are estimates. Ownership and risk pass to you when the products are delivered.
        </p>
      </LegalSection>

      <LegalSection id="payments" title="Payments">
        <p>
          Card payments are processed by Stripe. By paying, you authorize us to charge the amount shown, including tax.
          We do not store your card details; see our{' '}
          <Link to="/privacy" className={link}>
            Privacy Policy
          </Link>
          .
        </p>
      </LegalSection>

      <LegalSection id="consultations" title="Paid consultations">
        <p>
          A technical consultation is a one-hour remote session with one of our engineers for a one-time fee of $199.
          After payment we contact you within one business day to schedule it. You can reschedule with at least 24
          hours&rsquo; notice. If we cannot schedule your consultation within 30 days, or you cancel before it is
          scheduled, we refund the fee in full.
        </p>
      </LegalSection>

      <LegalSection id="subscriptions" title="Subscription plans">
        <p>
          Managed IT plans are billed in advance at the start of each billing period and renew automatically until
          cancelled. You can cancel at any time in your client portal; service continues until the end of the period you
          have paid for, and we do not refund partial periods. We will give you at least 30 days&rsquo; notice of any
          price change, which applies from your next renewal.
        </p>
      </LegalSection>

      <LegalSection id="returns" title="Returns and warranties">
        <p>
          Unopened products may be returned within 30 days of delivery for a refund of the purchase price; contact us
          first for a return authorization. Opened, installed or configured equipment is covered by its
          manufacturer&rsquo;s warranty, and we will help you make a warranty claim.
        </p>
      </LegalSection>

      <LegalSection id="services" title="Professional services">
        <p>
          On-site work, projects and managed services are delivered under a written quote, statement of work or service
          agreement. Where one has been signed, it takes precedence over these terms for that work.
        </p>
      </LegalSection>

      <LegalSection id="ip" title="Our content">
        <p>
          The text, graphics and software of this website belong to us or our licensors. You may view and print pages
          for your own use, but not copy or republish them without our permission.
        </p>
      </LegalSection>

      <LegalSection id="liability" title="Disclaimers and limitation of liability">
        <p>
          Information on this website is provided for general guidance and may change. To the extent the law allows, the
          website is provided &ldquo;as is&rdquo;, and we are not liable for indirect or consequential losses, such as
          lost profits or data, arising from its use. Our total liability for any claim relating to an order is limited
          to the amount you paid for it. Nothing in these terms limits rights you have by law that cannot be limited.
        </p>
      </LegalSection>

      <LegalSection id="law" title="Governing law">
        <p>
          These terms are governed by the laws of the State of Minnesota. Any dispute will be decided by the state or
          federal courts located in Hennepin County, Minnesota, unless the law requires otherwise.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes and contact">
        <p>
          We may update these terms; the version posted here with its effective date applies from that date, and orders
          already placed keep the terms that applied when they were placed. Questions about these terms go to{' '}
          <MailLink address={company.email} />.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
