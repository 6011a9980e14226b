import { useQuery } from '@tanstack/react-query';
import { MessageSquareHeart, XCircle } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import type { FeedbackView } from '@shared/schemas/surveys';
import { RatingForm } from '@/components/feedback/rating-form';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiJson, errorMessage } from '@/lib/api-client';

function Refused({ message }: { message: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 text-center">
      <XCircle className="h-10 w-10 text-red-700" aria-hidden="true" />
      <p className="text-slate-700">{message}</p>
      <ButtonLink to="/" variant="outline">
        Go to the home page
      </ButtonLink>
    </div>
  );
}

/**
 * The page of a survey email's link (/feedback/<token>, ?rating=N from the
 * rating the client clicked): reads the survey (a mail scanner opening the
 * link changes nothing) and records the rating only when the button is
 * pressed. An unknown link, or one answered more than 7 days ago, is a clear
 * message.
 */
export function FeedbackPage({ token }: { token: string }) {
  const [params] = useSearchParams();
  const clicked = Number(params.get('rating'));
  const survey = useQuery({
    queryKey: ['/api/feedback', token],
    queryFn: () => apiJson<FeedbackView>('GET', `/api/feedback/${encodeURIComponent(token)}`),
    retry: false,
  });

  if (survey.isError) return <Refused message={errorMessage(survey.error, 'This feedback link could not be read.')} />;
  if (!survey.data) return <Spinner className="py-12" label="Loading the survey" />;
  const { about, rating, comment } = survey.data;
  const chosen = Number.isInteger(clicked) && clicked >= 1 && clicked <= 5 ? clicked : rating;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        <MessageSquareHeart className="h-8 w-8 text-blue-700" aria-hidden="true" />
        <p className="text-slate-700">Tell us how we did with {about}.</p>
      </div>
      {rating !== null ? (
        <p className="text-sm text-slate-600">
          You already rated this {rating} out of 5. You can change your answer until{' '}
          {new Date(survey.data.changeableUntil!).toLocaleDateString('en-US', { dateStyle: 'long' })}.
        </p>
      ) : null}
      <RatingForm token={token} initialRating={chosen} initialComment={comment} />
    </div>
  );
}

/** /feedback without a token. */
export function NoFeedbackToken() {
  return <Refused message="This page needs the link from your survey email." />;
}
