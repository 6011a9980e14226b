import type { Knex } from 'knex';
import type {
  EnquirySubmission,
  EnquiryNumberedPageQuery,
  EnquiryNumberedPage,
  EnquiryView,
} from '@shared/schemas/contact';
import { formatTicketNumber } from '@shared/schemas/tickets';
import type { Config } from '../../config';
import { enqueueStaffAlert } from '../mail/outbox';
import type { EnquiryData } from '../mail/templates/contact-acknowledgement';
import { createTicket } from '../tickets/tickets.service';
import { publish } from '../../live/publish';
import type { User } from '../users/user.model';
import { acknowledgeEnquiry } from './acknowledgement';
import { Enquiry } from './enquiry.model';

type ContactOutcome = 'stored' | 'dropped';

/**
 * Stores an enquiry with its mails: an acknowledgement to the address given,
 * and an alert to staff (Reply-To: that address). From a logged-in client it
 * is a service request in their portal instead, the message kept as its
 * source and closed (decision 199). One transaction: all of it
 * or none. A filled honeypot means a bot: nothing is stored or sent, and the
 * caller answers exactly as for a real enquiry.
 *
 * The address is whatever the sender typed, so the acknowledgement echoes
 * nothing they wrote (not even the name) unless it goes to a signed-in
 * client's own verified address, and one address gets a few a day at most:
 * the form cannot make the site mail anyone a text of someone else's choosing
 * (decision 157). Past the cap the enquiry is still stored and answered alike.
 */
export async function submitEnquiry(
  db: Knex,
  data: EnquirySubmission,
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
    // A signed-in client's message is one item to work: the service request in their portal. The message is kept
    // as its source, closed at once (as a converted enquiry is), so it is neither a second "New" item nor counted
    // twice (decision 199).
    const { id } = await Enquiry.query(trx).insert({
      ...fields,
      ...(quoteRequest ? { kind: 'quote_request' as const, items: quoteRequest.items } : {}),
      ...(received
        ? {
            inboundEmailId: received.inboundEmailId,
            earlierThreadKind: received.earlierThread?.kind ?? null,
            earlierThreadId: received.earlierThread?.id ?? null,
          }
        : {}),
      // A signed-in client's message is worked as their service request: the enquiry is kept as its source, closed
      // (decision 199).
      ...(sender ? { status: 'closed' as const } : {}),
    });
    const itemLines = quoteRequest?.items.map((item) => `- ${item.quantity} × ${item.name}`) ?? [];
    const message = itemLines.length > 0 ? `${fields.message}\n\nItems:\n${itemLines.join('\n')}` : fields.message;
    const requestId = sender ? await createTicket(trx, { ...fields, message, userId: sender.id, enquiryId: id }) : null;
    const ticketNumber = requestId ? await ticketNumberOf(trx, requestId) : null;
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
        // A reply by email lands where the message is worked: the ticket, or the enquiry (decision 196).
        thread: requestId ? { kind: 'ticket', id: requestId } : { kind: 'enquiry', id },
      },
      config.rateLimits.contactAcknowledgementsPerRecipient,
    );
    // Those who will work it hear of it: the ticket's people for a client's request, the inbox's for an enquiry.
    await enqueueStaffAlert(trx, config.mail, ticketNumber ? 'service_requests.work' : 'enquiries.read', {
      template: 'staff-new-enquiry',
      data: {
        ...fields,
        message,
        fromClientAccount: sender !== null,
        ticketNumber,
      },
      idempotencyKey: `staff-new-enquiry:${id}`,
      replyTo: fields.email,
    });
    await publish(trx, 'staff', { kind: 'enquiry.created', id });
    return id;
  });
}

/** The number a client quotes for a request (T-10001). */
async function ticketNumberOf(trx: Knex.Transaction, requestId: string): Promise<string> {
  const row = (await trx('tickets').select('number').where({ id: requestId }).first()) as { number: number };
  return formatTicketNumber(row.number);
}

function toEnquiryView(row: Enquiry): EnquiryView {
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
export async function listEnquiriesByPage(
  db: Knex,
  { page, pageSize }: EnquiryNumberedPageQuery,
): Promise<EnquiryNumberedPage> {
  const [rows, total] = await Promise.all([
    Enquiry.query(db)
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    Enquiry.query(db).resultSize(),
  ]);
  return {
    messages: rows.map(toEnquiryView),
    page,
    pageSize,
    total,
    totalPages: Math.ceil(total / pageSize),
  };
}
