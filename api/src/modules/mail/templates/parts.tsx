import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { Fragment, type ReactNode } from 'react';
import { colors } from './theme';

/** The pieces templates are made of, so every mail looks and reads alike. */

export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h1"
      className="ns-heading"
      style={{ color: colors.brand, fontSize: 22, lineHeight: '30px', margin: '16px 0 8px' }}
    >
      {children}
    </Heading>
  );
}

export function Subtitle({ children }: { children: ReactNode }) {
  return (
    <Heading
      as="h2"
      className="ns-heading"
      style={{ color: colors.brand, fontSize: 16, lineHeight: '24px', margin: '24px 0 8px' }}
    >
      {children}
    </Heading>
  );
}

export function Paragraph({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text
      className={muted ? 'ns-muted' : 'ns-text'}
      style={{ color: muted ? colors.muted : colors.text, fontSize: muted ? 14 : 16, lineHeight: '24px' }}
    >
      {children}
    </Text>
  );
}

/** A link in running text. */
export function InlineLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="ns-link" style={{ color: colors.link, textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}

/**
 * The mail's main action, with the address written out below it for clients
 * that show no buttons (and for the plain-text part).
 */
export function Action({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button
        href={href}
        className="ns-button"
        style={{
          backgroundColor: colors.button,
          borderRadius: 6,
          color: colors.buttonText,
          fontSize: 16,
          fontWeight: 600,
          padding: '12px 20px',
          textDecoration: 'none',
        }}
      >
        {label}
      </Button>
      <Text
        className="ns-muted"
        data-skip-in-text="true"
        style={{ color: colors.muted, fontSize: 13, lineHeight: '20px', margin: '12px 0 0', wordBreak: 'break-all' }}
      >
        Or open this address: <InlineLink href={href}>{href}</InlineLink>
      </Text>
    </Section>
  );
}

/** Text someone typed, shown as typed (line breaks kept), in a panel. */
export function Quote({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return (
    <Section
      className="ns-panel"
      style={{
        backgroundColor: colors.panel,
        border: `1px solid ${colors.border}`,
        borderRadius: 6,
        padding: '4px 16px',
      }}
    >
      <Text className="ns-text" style={{ color: colors.text, fontSize: 15, lineHeight: '22px' }}>
        {lines.map((line, index) => (
          <Fragment key={index}>
            {index > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </Text>
    </Section>
  );
}

/** Label–value lines (an order's details, an enquiry's fields). Empty values are left out. */
export function Details({ rows }: { rows: ReadonlyArray<readonly [label: string, value: string | null | undefined]> }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Text
            key={label}
            className="ns-text"
            style={{ color: colors.text, fontSize: 15, lineHeight: '22px', margin: 0 }}
          >
            <span className="ns-muted" style={{ color: colors.muted }}>
              {label}:
            </span>{' '}
            {value}
          </Text>
        ))}
    </Section>
  );
}
