import { useMutation } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { RATING_LABELS, type SurveySummary } from '@shared/schemas/surveys';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { apiJson, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

interface SurveyPanelProps {
  /** The ticket's or chat's survey (null: none sent yet). */
  survey: SurveySummary | null;
  /** Whether the ticket is completed or the chat closed (only then may a survey be sent). */
  finished: boolean;
  /** POST path that sends the survey again by email. */
  resendPath: string;
  onChanged(): void;
}

/**
 * The client's satisfaction rating beside a ticket or chat in the console
 * (decision 191): the answer when there is one, else whether and how it was
 * asked, with a button that sends it (again) by email.
 */
export function SurveyPanel({ survey, finished, resendPath, onChanged }: SurveyPanelProps) {
  const resend = useMutation({
    mutationFn: () => apiJson<{ survey: SurveySummary }>('POST', resendPath),
    onSuccess: onChanged,
  });
  if (!survey && !finished) return null;
  return (
    <section
      aria-label="Satisfaction"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm"
    >
      <h3 className="font-semibold text-navy-900">Satisfaction</h3>
      {survey?.rating ? (
        <div className="flex flex-col gap-1">
          <p className="flex items-center gap-1 font-semibold text-amber-900">
            <Star className="h-4 w-4 fill-amber-400 text-amber-600" aria-hidden="true" />
            Rated {survey.rating}/5 · {RATING_LABELS[survey.rating]}
          </p>
          {survey.comment ? <p className="whitespace-pre-wrap break-words text-slate-800">“{survey.comment}”</p> : null}
          <p className="text-xs text-slate-600">
            Answered {formatDateTime(survey.answeredAt!)}
            {survey.changedAt ? ` · changed ${formatDateTime(survey.changedAt)}` : ''}
          </p>
        </div>
      ) : (
        <p className="text-slate-700">
          {survey?.sentAt
            ? `Asked ${survey.channel === 'widget' ? 'in the chat window' : 'by email'} ${formatDateTime(survey.sentAt)}; not answered yet.`
            : survey
              ? 'The survey is waiting to be asked.'
              : 'No survey was sent.'}
        </p>
      )}
      {finished && !survey?.rating ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="self-start"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? 'Sending...' : survey ? 'Send Survey Again' : 'Send Survey'}
        </Button>
      ) : null}
      {resend.isSuccess ? (
        <p role="status" className="text-xs text-green-800">
          The survey was emailed to the client.
        </p>
      ) : null}
      {resend.isError ? <FormAlert>{errorMessage(resend.error, 'The survey could not be sent.')}</FormAlert> : null}
    </section>
  );
}
