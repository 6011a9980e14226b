import { Model, type RelationMappings } from 'objection';
import { User } from '../users/user.model';
import { ChatMessage } from './chat-message.model';

export class ChatConversation extends Model {
  static override tableName = 'chat_conversations';

  id!: string;
  visitorId!: string;
  visitorName!: string;
  visitorEmail!: string | null;
  userId!: string | null;
  status!: 'active' | 'closed';
  lastMessageAt!: Date | null;
  closedAt!: Date | null;
  createdAt!: Date;

  user?: User;
  messages?: ChatMessage[];

  static override relationMappings = (): RelationMappings => ({
    user: {
      relation: Model.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'chat_conversations.userId', to: 'users.id' },
    },
    messages: {
      relation: Model.HasManyRelation,
      modelClass: ChatMessage,
      join: { from: 'chat_conversations.id', to: 'chat_messages.conversationId' },
    },
  });
}
