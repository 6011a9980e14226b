import type { Knex } from 'knex';
import type {
  ContactMessageData,
  ContactMessageListQuery,
  ContactMessagePage,
  ContactMessageView,
} from '@shared/schemas/contact';
import type { Config } from '../../config';
import { enqueueStaffAlert } from '../mail/outbox';
import type { EnquiryData } from '../mail/templates/contact-acknowledgement';
import { createServiceRequest } from '../service-requests/service-requests.service';
import { publish } from '../../live/publish';
import type { User } from '../users/user.model';
import { acknowledgeEnquiry } from './acknowledgement';
import { ContactMessage } from './contact-message.model';

type ContactOutcome = 'stored' | 'dropped';

/**
 * Stores an enquiry with its mails: an acknowledgement to the address given,
 * and an alert to staff (Reply-To: that address). From a logged-in client it
 * also becomes a service request in their portal. One transaction: all of it
 * or none. A filled honeypot means a bot: nothing is stored or sent, and the
 * caller answers exactly as for a real enquiry.
 *
 * The address is whatever the sender typed, so the acknowledgement echoes
 * nothing they wrote (not even the name) unless it goes to a signed-in
 * client's own verified address, and one address gets a few a day at most:
 * the form cannot make the site mail anyone a text of someone else's choosing
 * (decision 157). Past the cap the enquiry is still stored and answered alike.
 */
export async function submitContactMessage(
  db: Knex,
  data: ContactMessageData,
  sender: User | null,
  config: {
    mail: Pick<Config['mail'], 'staffAlertEmails'>;
    rateLimits: Pick<Config['rateLimits'], 'contactAcknowledgementsPerRecipient'>;
  },
): Promise<ContactOutcome> {
  if (data.website) return 'dropped';
  await storeEnquiry(
    db,
    {
      name: data.name,
      email: data.email,
      phone: data.phone,
      company: data.company,
      service: data.service,
      message: data.message,
    },
    sender,
    config,
  );
  return 'stored';
}

type EnquiryFields = EnquiryData;

/** An enquiry that arrived by email (inbound-email). */
export interface ReceivedEnquiry {
  inboundEmailId: string;
  /** The thread the mail answered but could not join: a closed one, or a reply address that was not ours. */
  earlierThread: { kind: 'ticket' | 'enquiry' | 'quote'; id: string } | null;
  /** False for mail never answered automatically (auto-replies, lists) and past the sender's hourly allowance. */
  acknowledge: boolean;
}

/** An item of a quote request: a product and how many, named as the catalogue names it (never a price). */
export interface QuoteRequestItem {
  productId: string;
  name: string;
  quantity: number;
}

/**
 * Writes an enquiry (or a quote request, `kind`) with its acknowledgement,
 * staff alert, service request for a signed-in client and live event, in one
 * transaction.
 */
export async function storeEnquiry(
  db: Knex,
  fields: EnquiryFields,
  sender: User | null,
  config: {
    mail: Pick<Config['mail'], 'staffAlertEmails'>;
    rateLimits: Pick<Config['rateLimits'], 'contactAcknowledgementsPerRecipient'>;
  },
  quoteRequest: { items: QuoteRequestItem[] } | null = null,
  received: ReceivedEnquiry | null = null,
): Promise<string> {
  return db.transaction(async (trx) => {
    const { id } = await ContactMessage.query(trx).insert({
      ...fields,
      ...(quoteRequest ? { kind: 'quote_request' as const, items: quoteRequest.items } : {}),
      ...(received
        ? {
            inboundEmailId: received.inboundEmailId,
            earlierThreadKind: received.earlierThread?.kind ?? null,
            earlierThreadId: received.earlierThread?.id ?? null,
          }
        : {}),
    });
    if (sender) await createServiceRequest(trx, { ...fields, userId: sender.id, contactMessageId: id });
    const ownAddress = sender?.verifiedEmail?.toLowerCase() === fields.email.toLowerCase();
    await acknowledgeEnquiry(
      trx,
      {
        enquiryId: id,
        to: fields.email,
        service: fields.service,
        copy: ownAddress ? fields : null,
        // A mail from an automatic sender, or past its sender's hourly allowance, is never answered (decision 198).
        autoSubmitted: received ? !received.acknowledge : false,
        thread: { kind: 'enquiry', id },
      },
      config.rateLimits.contactAcknowledgementsPerRecipient,
    );
    const itemLines = quoteRequest?.items.map((item) => `- ${item.quantity} × ${item.name}`) ?? [];
    await enqueueStaffAlert(trx, config.mail, 'enquiries.read', {
      template: 'staff-new-enquiry',
      data: {
        ...fields,
        message: itemLines.length > 0 ? `${fields.message}\n\nItems:\n${itemLines.join('\n')}` : fields.message,
        fromClientAccount: sender !== null,
      },
      idempotencyKey: `staff-new-enquiry:${id}`,
      replyTo: fields.email,
    });
    await publish(trx, 'staff', { kind: 'enquiry.created', id });
    return id;
  });
}

function toContactMessageView(row: ContactMessage): ContactMessageView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    service: row.service,
    message: row.message,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Enquiries newest first, one page at a time, with the total for page links. */
export async function listContactMessages(
  db: Knex,
  { page, pageSize }: ContactMessageListQuery,
): Promise<ContactMessagePage> {
  const [rows, total] = await Promise.all([
    ContactMessage.query(db)
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ContactMessage.query(db).resultSize(),
  ]);
  return {
    messages: rows.map(toContactMessageView),
    page,
    pageSize,
    total,
    totalPages: Math.ceil(total / pageSize),
  };
}
