import { company } from '@shared/site/company';
import { Action, Details, Paragraph, Quote, Title } from './parts';
import { defineTemplate } from './template';

export interface StaffChatMessageData {
  conversationId: string;
  visitorName: string;
  visitorEmail: string | null;
  message: string;
}

/** To staff, when a visitor writes while no staff console is connected (at most every 10 minutes per chat). */
export const staffChatMessage = defineTemplate<StaffChatMessageData>({
  subject: (data) => `New chat message from ${data.visitorName}`,
  reason: `Staff alert from the ${company.name} website: sent when no staff console is connected.`,
  Body: ({ data, ctx }) => (
    <>
      <Title>{data.visitorName} is writing in the live chat</Title>
      <Paragraph>No staff console is connected right now. Their message:</Paragraph>
      <Quote text={data.message} />
      <Details rows={[['Email', data.visitorEmail ?? 'not given yet']]} />
      <Action href={ctx.url(`/admin/chat?conversation=${data.conversationId}`)} label="Answer in the chat console" />
      <Paragraph muted>Later messages of this chat within 10 minutes are not emailed again.</Paragraph>
    </>
  ),
});
