import { Column, Row, Section, Text } from '@react-email/components';
import { company } from '@shared/site/company';
import { Action, Paragraph } from './parts';
import type { MailContext } from './template';
import { colors } from './theme';

export interface OrderLine {
  name: string;
  quantity: number;
  /** "19.99" (the price paid per unit). */
  unitPrice: string;
  lineTotal: string;
}

export interface OrderAmounts {
  lines: OrderLine[];
  subtotal: string;
  tax: string;
  /** "State Tax (8.5%)" */
  taxLabel: string;
  total: string;
}

export interface ShippingAddressData {
  fullName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

const money = (amount: string) =>
  `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const cell = { color: colors.text, fontSize: 14, lineHeight: '22px', padding: '6px 0' } as const;

function AmountRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  return (
    <Row>
      <Column className="ns-text" style={{ ...cell, fontWeight: strong ? 700 : 400 }}>
        {label}
      </Column>
      <Column className="ns-text" align="right" style={{ ...cell, fontWeight: strong ? 700 : 400 }}>
        {/* The space keeps label and amount apart in the plain-text part. */} {money(amount)}
      </Column>
    </Row>
  );
}

/** An order's lines, subtotal, tax and total: a table in HTML, one line each in plain text. */
export function OrderSummary({ amounts }: { amounts: OrderAmounts }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      {amounts.lines.map((line, index) => (
        <Row key={index} style={{ borderBottom: `1px solid ${colors.border}` }}>
          <Column className="ns-text" style={cell}>
            {line.name} × {line.quantity} ({money(line.unitPrice)} each)
          </Column>
          <Column className="ns-text" align="right" style={{ ...cell, whiteSpace: 'nowrap' }}>
            {' '}
            {money(line.lineTotal)}
          </Column>
        </Row>
      ))}
      <AmountRow label="Subtotal" amount={amounts.subtotal} />
      <AmountRow label={amounts.taxLabel} amount={amounts.tax} />
      <AmountRow label="Total" amount={amounts.total} strong />
    </Section>
  );
}

export function AddressBlock({ address }: { address: ShippingAddressData }) {
  return (
    <Text className="ns-text" style={{ color: colors.text, fontSize: 15, lineHeight: '22px' }}>
      {address.fullName}
      <br />
      {address.address}
      <br />
      {address.city}, {address.state} {address.zipCode}
      <br />
      {address.country}
    </Text>
  );
}

/**
 * How every mail about an order ends: a link to the order's page and where to
 * ask about it (`about`: "your order", "this refund"…), naming the order as
 * `reference` (NS-10427).
 */
export function OrderMailEnd({
  ctx,
  orderId,
  about,
  reference,
}: {
  ctx: MailContext;
  orderId: string;
  about: string;
  reference: string;
}) {
  return (
    <>
      <Action href={ctx.url(`/order-confirmation?order=${orderId}`)} label="View your order" />
      <Paragraph muted>
        Questions about {about}? Reply to this email or call us at {company.phone}, and mention order {reference}.
      </Paragraph>
    </>
  );
}

export { money };
