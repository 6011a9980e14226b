import { PackageOpen, TriangleAlert } from 'lucide-react';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export function ProductsLoading() {
  return <Spinner label="Loading products" className="py-24" />;
}

/** Spec §2/§8: "Error Loading Products" with a Retry button that reloads the page. */
export function ProductsError() {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-20 text-center">
      <TriangleAlert className="h-10 w-10 text-red-700" aria-hidden="true" />
      <h2 className="text-xl font-semibold text-slate-900">Error Loading Products</h2>
      <p className="text-slate-600">Unable to load products. Please check your connection and try again.</p>
      <Button onClick={() => window.location.reload()}>Retry</Button>
    </div>
  );
}

export function NoProducts() {
  return (
    <div className="flex flex-col items-center gap-4 py-20 text-center">
      <PackageOpen className="h-10 w-10 text-slate-500" aria-hidden="true" />
      <h2 className="text-xl font-semibold text-slate-900">No Products Available</h2>
      <p className="max-w-md text-slate-600">
        Our catalogue is being updated. Tell us what you need and we will source it for you with a written quote.
      </p>
      <ButtonLink to="/contact">Contact Us</ButtonLink>
    </div>
  );
}
