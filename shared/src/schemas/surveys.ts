import { z } from 'zod';
import { multiLine } from './text';

/**
 * Satisfaction surveys (issue 26, decision 191): "How did we do?" asked when
 * a chat is closed (in the widget if it is open, else by email) or a ticket
 * is completed (by email), answered once with a rating of 1–5 and an optional
 * comment, which may be changed for 7 days.
 */

export const SURVEY_QUESTION = 'How did we do?';
/** How long after the first answer it may still be changed. */
export const SURVEY_CHANGE_DAYS = 7;
export const SURVEY_COMMENT_MAX = 2000;

export const RATING_LABELS: Record<number, string> = {
  1: 'Very poor',
  2: 'Poor',
  3: 'OK',
  4: 'Good',
  5: 'Excellent',
};

/** GET/PUT /api/admin/settings/surveys */
export const surveySettingsSchema = z
  .object({ enabled: z.boolean({ message: 'enabled must be true or false' }) })
  .strict();
export type SurveySettings = z.infer<typeof surveySettingsSchema>;

/** POST /api/feedback/{token} */
export const feedbackAnswerSchema = z
  .object({
    rating: z
      .number({ message: 'rating must be a whole number from 1 to 5' })
      .int('rating must be a whole number from 1 to 5')
      .min(1, 'rating must be a whole number from 1 to 5')
      .max(5, 'rating must be a whole number from 1 to 5'),
    comment: multiLine(SURVEY_COMMENT_MAX, 'Comment').nullish(),
  })
  .strict();
export type FeedbackAnswer = z.input<typeof feedbackAnswerSchema>;

/** GET and POST /api/feedback/{token}: the survey as the client sees it. */
export interface FeedbackView {
  question: string;
  /** What it is about, e.g. "your request T-10001 (Field IT Services)" or "your chat with us". */
  about: string;
  rating: number | null;
  comment: string | null;
  answeredAt: string | null;
  /** Until when the answer may be changed (7 days after the first); null before the first answer. */
  changeableUntil: string | null;
}

/** A survey as staff see it beside the ticket or the chat. */
export interface SurveySummary {
  id: string;
  channel: 'widget' | 'email' | null;
  sentAt: string | null;
  rating: number | null;
  comment: string | null;
  answeredAt: string | null;
  changedAt: string | null;
}

/** The page a survey's link opens. */
export const feedbackPath = (token: string, rating?: number) =>
  `/feedback/${encodeURIComponent(token)}${rating ? `?rating=${rating}` : ''}`;
