import { Model, type RelationMappings } from 'objection';
import { User } from '../users/user.model';
import { ChatConversation } from './chat-conversation.model';

export class ChatMessage extends Model {
  static override tableName = 'chat_messages';

  id!: string;
  /** bigint identity: the order messages were stored in. */
  seq!: number;
  conversationId!: string;
  senderId!: string | null;
  senderType!: 'visitor' | 'admin';
  message!: string;
  isRead!: boolean;
  /** The sending client's id for the message (idempotent resends), when it gave one. */
  clientId!: string | null;
  createdAt!: Date;

  conversation?: ChatConversation;
  sender?: User;

  static override relationMappings = (): RelationMappings => ({
    conversation: {
      relation: Model.BelongsToOneRelation,
      modelClass: ChatConversation,
      join: { from: 'chat_messages.conversationId', to: 'chat_conversations.id' },
    },
    sender: {
      relation: Model.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'chat_messages.senderId', to: 'users.id' },
    },
  });
}
