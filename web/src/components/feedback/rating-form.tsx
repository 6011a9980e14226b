import { useId, useState } from 'react';
import { Star } from 'lucide-react';
import {
  feedbackAnswerSchema,
  RATING_LABELS,
  SURVEY_COMMENT_MAX,
  SURVEY_QUESTION,
  type FeedbackView,
} from '@shared/schemas/surveys';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiJson, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

interface RatingFormProps {
  /** The survey's link token (from the email link or the chat widget's frame). */
  token: string;
  initialRating?: number | null;
  initialComment?: string | null;
  /** Smaller, for the chat widget. */
  compact?: boolean;
  onAnswered?(view: FeedbackView): void;
}

/**
 * "How did we do?": five ratings (1 very poor … 5 excellent) and an optional
 * comment, sent to POST /api/feedback/{token} (no sign-in: the token is the
 * proof). Used by the feedback page and by the chat widget when a chat closes.
 */
export function RatingForm({
  token,
  initialRating = null,
  initialComment = null,
  compact,
  onAnswered,
}: RatingFormProps) {
  const [rating, setRating] = useState<number | null>(initialRating);
  const [comment, setComment] = useState(initialComment ?? '');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<FeedbackView | null>(null);
  const id = useId();

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = feedbackAnswerSchema.safeParse({ rating, comment: comment.trim() || null });
    if (!parsed.success) {
      setProblem('Please choose a rating from 1 to 5.');
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const view = await apiJson<FeedbackView>('POST', `/api/feedback/${encodeURIComponent(token)}`, parsed.data);
      setSent(view);
      onAnswered?.(view);
    } catch (err) {
      setProblem(errorMessage(err, 'Your rating could not be sent. Please try again.'));
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div role="status" className="flex flex-col gap-1 text-sm text-slate-700">
        <p className="font-semibold text-navy-900">Thank you for your feedback!</p>
        <p>
          You rated us {sent.rating} out of 5 ({RATING_LABELS[sent.rating ?? 0]}).
          {sent.changeableUntil ? ' You can change your answer for 7 days from the same link.' : ''}
        </p>
        <button type="button" className="self-start text-blue-800 underline" onClick={() => setSent(null)}>
          Change My Answer
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} aria-label={SURVEY_QUESTION} className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className={cn('font-semibold text-navy-900', compact ? 'text-sm' : 'text-lg')}>
          {SURVEY_QUESTION}
        </legend>
        <div role="radiogroup" aria-label="Rating from 1 to 5" className="flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={rating === value}
              aria-label={`${value} – ${RATING_LABELS[value]}`}
              title={RATING_LABELS[value]}
              onClick={() => setRating(value)}
              className={cn(
                'flex items-center gap-1 rounded-md border px-2 py-1 text-sm font-semibold',
                rating !== null && value <= rating
                  ? 'border-amber-500 bg-amber-50 text-amber-900'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              <Star
                className={cn('h-4 w-4', rating !== null && value <= rating ? 'fill-amber-400' : '')}
                aria-hidden="true"
              />
              {value}
            </button>
          ))}
        </div>
        <p className="text-xs text-slate-600">1 is very poor, 5 is excellent.</p>
      </fieldset>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-comment`}>Comment (optional)</Label>
        <Textarea
          id={`${id}-comment`}
          rows={compact ? 2 : 4}
          maxLength={SURVEY_COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      <Button type="submit" size={compact ? 'sm' : 'md'} disabled={sending || rating === null} className="self-start">
        {sending ? 'Sending...' : 'Send Feedback'}
      </Button>
    </form>
  );
}
