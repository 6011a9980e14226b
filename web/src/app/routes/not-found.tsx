import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { PageContainer } from '@/components/layout/page-container';

const popular = [
  { label: 'Our services', to: '/services' },
  { label: 'Case studies', to: '/portfolio' },
  { label: 'About us', to: '/about' },
  { label: 'Technology shop', to: '/shop' },
];

export function Component() {
  return (
    <PageContainer className="flex flex-col items-center gap-6 py-24 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">404 error</p>
      <h1 className="text-4xl font-bold text-navy-900">Page Not Found</h1>
      <p className="max-w-xl text-lg text-slate-600">
        The page you are looking for does not exist or has moved. Check the address, or head back to the home page.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Back to Home</ButtonLink>
        <ButtonLink to="/contact" variant="outline">
          Contact Us
        </ButtonLink>
      </div>
      <nav aria-label="Popular pages" className="mt-4">
        <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-600">Popular pages</h2>
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
          {popular.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="font-medium text-blue-700 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </PageContainer>
  );
}
