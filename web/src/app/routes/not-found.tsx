import { ButtonLink } from '@/components/ui/button';
import { PageContainer } from '@/components/layout/page-container';

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
    </PageContainer>
  );
}
