import { useSearchParams } from 'react-router-dom';
import { PageContainer } from '@/components/layout/page-container';
import { RequireAuth } from '@/features/auth/components/auth-redirects';
import { RequestThread } from '@/features/tickets/components/request-thread';

function PortalRequest() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return <RequestThread key={id} id={id} />;
}

/** /portal/request?id=…: one of the client's service requests and its thread (login required). */
export function Component() {
  return (
    <PageContainer className="max-w-3xl py-12">
      <RequireAuth>
        <PortalRequest />
      </RequireAuth>
    </PageContainer>
  );
}
