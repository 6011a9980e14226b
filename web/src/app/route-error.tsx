import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { PageContainer } from '@/components/layout/page-container';

/** Shown when a page fails to render or its code fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <PageContainer className="flex flex-col items-center gap-6 py-24 text-center">
      <h1 className="text-3xl font-bold text-navy-900">Something went wrong</h1>
      <p className="max-w-xl text-slate-600">
        {status ? `The page answered with status ${status}. ` : ''}Please reload the page. If the problem continues,
        contact us and we will look into it.
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="h-10 rounded-md bg-blue-700 px-4 text-sm font-semibold text-white hover:bg-blue-800"
        >
          Reload
        </button>
        <ButtonLink to="/" variant="outline">
          Home
        </ButtonLink>
      </div>
    </PageContainer>
  );
}
