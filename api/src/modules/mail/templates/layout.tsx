import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { company, formatAddressLines } from '@shared/site/company';
import { colors, darkModeCss, font } from './theme';

/**
 * The frame of every mail: the company name as a text header (no images, so
 * nothing is fetched when the mail is opened), the body, and a footer with
 * the company's details and why the recipient got the mail. Colours are set
 * for light mode and overridden for clients that honour prefers-color-scheme.
 */
export function EmailLayout({
  preview,
  reason,
  homeUrl,
  children,
}: {
  preview: string;
  reason: string;
  homeUrl: string;
  children: ReactNode;
}) {
  const [street, locality] = formatAddressLines();
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{darkModeCss}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className="ns-body" style={{ backgroundColor: colors.page, margin: 0, ...font }}>
        {/* The page colour again on a block of our own: React Email's body wrapper repeats the inline colour. */}
        <Section className="ns-body" style={{ backgroundColor: colors.page, padding: '24px 0' }}>
          <Container
            className="ns-card"
            style={{
              backgroundColor: colors.card,
              border: `1px solid ${colors.border}`,
              borderRadius: 8,
              maxWidth: 600,
              padding: '0 32px',
            }}
          >
            <Section style={{ padding: '24px 0 8px' }}>
              <Link
                href={homeUrl}
                className="ns-brand"
                style={{ color: colors.brand, fontSize: 20, fontWeight: 700, textDecoration: 'none' }}
              >
                {company.name}
              </Link>
            </Section>
            <Section>{children}</Section>
            <Hr className="ns-rule" style={{ borderColor: colors.border, margin: '24px 0 16px' }} />
            <Section style={{ paddingBottom: 24 }}>
              <Text className="ns-muted" style={{ color: colors.muted, fontSize: 12, lineHeight: '18px', margin: 0 }}>
                {reason}
              </Text>
              <Text
                className="ns-muted"
                style={{ color: colors.muted, fontSize: 12, lineHeight: '18px', margin: '8px 0 0' }}
              >
                {company.legalName} · {street} · {locality}
                <br />
                {company.phone} · {company.email}
              </Text>
            </Section>
          </Container>
        </Section>
      </Body>
    </Html>
  );
}
