import { company } from '@shared/site/company';
import { feedbackPath, RATING_LABELS, SURVEY_QUESTION } from '@shared/schemas/surveys';
import { Section } from '@react-email/components';
import { InlineLink, Paragraph, Title } from './parts';
import { defineTemplate } from './template';

export interface SatisfactionSurveyData {
  name: string;
  /** What it is about, e.g. "your request T-10001 (Field IT Services)". */
  about: string;
  /** The survey's link token; removed from the outbox once the mail is delivered (decision 153). */
  token: string;
}

/**
 * To the client when their ticket is completed or their chat closed (issue
 * 26, decision 191): "How did we do?" with one link per rating. Each link
 * opens the feedback page with that rating chosen; nothing is recorded until
 * the page's button is pressed (a mail scanner that follows links changes
 * nothing).
 */
export const satisfactionSurvey = defineTemplate<SatisfactionSurveyData>({
  subject: () => `${SURVEY_QUESTION} – ${company.name}`,
  preview: (data) => `Rate ${data.about} from 1 to 5: one click, no sign-in.`,
  reason: `You are receiving this email because you contacted ${company.name} support.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>
        {SURVEY_QUESTION} Hello {data.name},
      </Title>
      <Paragraph>
        We would like to know how we did with {data.about}. Choose a rating from 1 (very poor) to 5 (excellent); you can
        add a comment on the next page. No sign-in needed.
      </Paragraph>
      <Section style={{ margin: '16px 0' }}>
        {[1, 2, 3, 4, 5].map((rating) => (
          <Paragraph key={rating}>
            <InlineLink href={ctx.url(feedbackPath(data.token, rating))}>
              {`${rating} – ${RATING_LABELS[rating]}`}
            </InlineLink>
          </Paragraph>
        ))}
      </Section>
      <Paragraph muted>You can change your answer for 7 days after you send it.</Paragraph>
    </>
  ),
});
