import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { company, formatAddressLines } from '@shared/site/company';
import { Logo } from './logo';

const companyLinks = [
  { label: 'About Us', to: '/about' },
  { label: 'Services', to: '/services' },
  { label: 'Case Studies', to: '/portfolio' },
  { label: 'Shop', to: '/shop' },
  { label: 'Plans & Pricing', to: '/pricing' },
  { label: 'Contact', to: '/contact' },
  { label: 'Client Portal', to: '/portal' },
];

const serviceLinks = [
  'Network Engineering & Security',
  'Field IT Services',
  'Low Voltage Cabling',
  'Cybersecurity Solutions',
  'Cloud & Virtualization',
  'Ekahau Wi-Fi Design',
];

const linkClass = 'text-sm text-slate-300 hover:text-white';

export function Footer() {
  const [street, cityLine] = formatAddressLines();
  return (
    <footer className="bg-navy-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="flex flex-col gap-4">
          <Logo inverse />
          <p className="text-sm text-slate-300">{company.tagline}</p>
          <ul className="flex flex-wrap gap-3" aria-label="Social media">
            {company.social.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={linkClass} rel="noopener noreferrer" target="_blank">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Company">
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">Company</h2>
          <ul className="flex flex-col gap-2">
            {companyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Services">
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">Services</h2>
          <ul className="flex flex-col gap-2">
            {serviceLinks.map((label) => (
              <li key={label}>
                <Link to="/services" className={linkClass}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <ul className="flex flex-col gap-3 text-sm">
            <li className="flex items-start gap-2">
              <Mail className="mt-0.5 h-4 w-4 shrink-0 text-blue-300" aria-hidden="true" />
              <a href={`mailto:${company.email}`} className={linkClass}>
                {company.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Phone className="mt-0.5 h-4 w-4 shrink-0 text-blue-300" aria-hidden="true" />
              <a href={`tel:${company.phoneE164}`} className={linkClass}>
                {company.phone}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-blue-300" aria-hidden="true" />
              <address className="not-italic text-slate-300">
                {street}
                <br />
                {cityLine}
              </address>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-slate-300 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {company.legalName}. All rights reserved.
          </p>
          <ul className="flex gap-4">
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
