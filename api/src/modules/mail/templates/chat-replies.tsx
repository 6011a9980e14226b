import { Section, Text } from '@react-email/components';
import { company } from '@shared/site/company';
import { Action, Paragraph, Title } from './parts';
import { colors } from './theme';
import { defineTemplate } from './template';

export interface ChatRepliesData {
  conversationId: string;
  visitorName: string;
  replies: { text: string; /** ISO 8601 */ sentAt: string }[];
}

const time = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: company.hours.timeZone,
  });

/** To a visitor who left their email: staff replies they have not seen, together. */
export const chatReplies = defineTemplate<ChatRepliesData>({
  subject: (data) =>
    data.replies.length === 1
      ? `${company.shortName} replied to your chat`
      : `${data.replies.length} replies to your chat`,
  reason: `You are receiving this email because you left this address in the live chat on the ${company.name} website.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>We replied to your chat, {data.visitorName}</Title>
      <Paragraph>You had left the chat when our team answered. Here is what they wrote:</Paragraph>
      {data.replies.map((reply, index) => (
        <Section
          key={index}
          className="ns-panel"
          style={{
            backgroundColor: colors.panel,
            border: `1px solid ${colors.border}`,
            borderRadius: 6,
            margin: '0 0 12px',
            padding: '4px 16px',
          }}
        >
          <Text className="ns-muted" style={{ color: colors.muted, fontSize: 12, margin: '8px 0 0' }}>
            {time(reply.sentAt)}
          </Text>
          <Text
            className="ns-text"
            style={{ color: colors.text, fontSize: 15, lineHeight: '22px', whiteSpace: 'pre-wrap' }}
          >
            {reply.text}
          </Text>
        </Section>
      ))}
      <Action href={ctx.url(`/?chat=${data.conversationId}`)} label="Continue the conversation" />
      <Paragraph muted>
        The link opens the chat in the browser you used to start it. You can also reply to this email or call us at{' '}
        {company.phone}.
      </Paragraph>
    </>
  ),
});
