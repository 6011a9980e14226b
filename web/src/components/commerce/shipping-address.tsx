import type { Shipping } from '@shared/schemas/orders';

/** A shipping address as it will appear on the parcel. */
export function ShippingAddress({ shipping }: { shipping: Shipping }) {
  return (
    <address className="not-italic text-sm leading-6 text-slate-700">
      <span className="font-medium text-slate-900">{shipping.fullName}</span>
      <br />
      {shipping.address}
      <br />
      {shipping.city}, {shipping.state} {shipping.zipCode}
      <br />
      {shipping.country}
    </address>
  );
}
