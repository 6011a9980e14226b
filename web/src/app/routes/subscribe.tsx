import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { PageContainer } from '@/components/layout/page-container';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/use-user';
import { SubscribeFlow } from '@/features/subscriptions/components/subscribe-flow';
import { redirectToLogin } from '@/lib/login-redirect';

function LoginRequired({ next }: { next: string }) {
  // Spec §6: subscribing requires login; "Login Required", then /api/login (and back here afterwards).
  useEffect(() => redirectToLogin(next, 'Please log in to subscribe to a plan.'), [next]);
  return <Spinner label="Redirecting to log in" className="py-24" />;
}

export function Component() {
  const [params] = useSearchParams();
  // Loading on the server and on the first render in the browser alike, so the query is read only after hydration.
  const { user, isLoading } = useUser();
  const planId = params.get('plan');
  let content;
  if (isLoading) content = <Spinner label="Loading" className="py-24" />;
  else if (!planId) content = <Navigate to="/pricing" replace />;
  else if (!user) content = <LoginRequired next={`/subscribe?plan=${encodeURIComponent(planId)}`} />;
  else content = <SubscribeFlow planId={planId} />;
  return (
    <PageContainer className="flex flex-col gap-8 py-12">
      <h1 className="text-3xl font-bold text-navy-900">Subscribe</h1>
      {content}
    </PageContainer>
  );
}
