import { Mail, MapPin, Phone } from 'lucide-react';
import { company, formatAddressLines } from '@shared/site/company';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function ContactInfoCard() {
  const [street, cityLine] = formatAddressLines();
  const item = 'flex items-start gap-3';
  const icon = 'mt-0.5 h-5 w-5 shrink-0 text-blue-700';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Information</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-4 text-slate-800">
          <li className={item}>
            <Mail className={icon} aria-hidden="true" />
            <span>
              <span className="block text-sm font-medium text-slate-600">Email</span>
              <a href={`mailto:${company.email}`} className="font-medium text-blue-700 hover:underline">
                {company.email}
              </a>
            </span>
          </li>
          <li className={item}>
            <Phone className={icon} aria-hidden="true" />
            <span>
              <span className="block text-sm font-medium text-slate-600">Phone</span>
              <a href={`tel:${company.phoneE164}`} className="font-medium text-blue-700 hover:underline">
                {company.phone}
              </a>
            </span>
          </li>
          <li className={item}>
            <MapPin className={icon} aria-hidden="true" />
            <span>
              <span className="block text-sm font-medium text-slate-600">Office</span>
              <address className="not-italic">
                {company.name}
                <br />
                {street}
                <br />
                {cityLine}
              </address>
            </span>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
