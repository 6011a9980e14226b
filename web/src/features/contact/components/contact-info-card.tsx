import { Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { company, formatAddressLines } from '@shared/site/company';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

function ContactItem({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
      <div>
        <span className="block text-sm font-medium text-slate-600">{label}</span>
        {children}
      </div>
    </li>
  );
}

const linkClass = 'font-medium text-blue-700 hover:underline';

/** Spec §2 Contact: email link, phone link and the Minnesota postal address. */
export function ContactInfoCard() {
  const [street, cityLine] = formatAddressLines();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Information</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-4 text-slate-800">
          <ContactItem icon={Mail} label="Email">
            <a href={`mailto:${company.email}`} className={linkClass}>
              {company.email}
            </a>
          </ContactItem>
          <ContactItem icon={Phone} label="Phone">
            <a href={`tel:${company.phoneE164}`} className={linkClass}>
              {company.phone}
            </a>
          </ContactItem>
          <ContactItem icon={MapPin} label="Office">
            <address className="not-italic">
              {company.name}
              <br />
              {street}
              <br />
              {cityLine}
            </address>
          </ContactItem>
        </ul>
      </CardContent>
    </Card>
  );
}
