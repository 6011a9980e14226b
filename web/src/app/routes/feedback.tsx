import { useParams } from 'react-router-dom';
import { FormPage } from '@/components/layout/form-page';
import { Spinner } from '@/components/ui/spinner';
import { FeedbackPage, NoFeedbackToken } from '@/features/feedback/components/feedback-page';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * /feedback/:token — a satisfaction survey's page, no account needed. The
 * server sends the one prerendered /feedback page for every token
 * (shared/src/site/routes.ts, `tokens`), so the token is read once hydrated.
 */
export function Component() {
  const { token = '' } = useParams();
  const hydrated = useHydrated();
  return (
    <FormPage title="How Did We Do?">
      {!hydrated ? (
        <Spinner className="py-12" label="Loading the survey" />
      ) : token ? (
        <FeedbackPage key={token} token={token} />
      ) : (
        <NoFeedbackToken />
      )}
    </FormPage>
  );
}
