import { chatReplies } from './chat-replies';
import { consultationBooked } from './consultation-booked';
import { contactAcknowledgement } from './contact-acknowledgement';
import { emailChange } from './email-change';
import { emailVerification } from './email-verification';
import { passwordChanged } from './password-changed';
import { passwordReset } from './password-reset';
import { quoteAccepted, quoteDepositPaid, quoteReminder, staffQuoteAnswered } from './quote-mails';
import { quoteSent } from './quote-sent';
import { orderPaidAfterCancellation, staffPaymentAfterCancellation } from './payment-after-cancellation';
import { orderCancelled } from './order-cancelled';
import { orderReceipt } from './order-receipt';
import { orderRefund } from './order-refund';
import { orderShipped } from './order-shipped';
import { staffChatMessage } from './staff-chat-message';
import { staffConsultationPaid } from './staff-consultation-paid';
import { staffNewEnquiry } from './staff-new-enquiry';
import { staffInvitation } from './staff-invitation';
import { staffOrderPaid } from './staff-order-paid';
import {
  subscriptionCancelled,
  subscriptionPaymentFailed,
  subscriptionRenewed,
  subscriptionResumed,
  subscriptionStarted,
} from './subscription-mails';
import { satisfactionSurvey } from './survey-mails';
import type { MailTemplate } from './template';
import { consultationConfirmed, consultationProposed, enquiryReply, ticketReply } from './ticket-mails';
import { welcome } from './welcome';

/** Every kind of mail the product sends, by the name the outbox stores. */
export const mailTemplates = {
  welcome,
  'password-reset': passwordReset,
  'password-changed': passwordChanged,
  'email-change': emailChange,
  'email-verification': emailVerification,
  'contact-acknowledgement': contactAcknowledgement,
  'staff-new-enquiry': staffNewEnquiry,
  'order-receipt': orderReceipt,
  'order-refund': orderRefund,
  'order-shipped': orderShipped,
  'order-cancelled': orderCancelled,
  'order-paid-after-cancellation': orderPaidAfterCancellation,
  'staff-payment-after-cancellation': staffPaymentAfterCancellation,
  'staff-order-paid': staffOrderPaid,
  'consultation-booked': consultationBooked,
  'staff-consultation-paid': staffConsultationPaid,
  'subscription-started': subscriptionStarted,
  'subscription-renewed': subscriptionRenewed,
  'subscription-payment-failed': subscriptionPaymentFailed,
  'subscription-cancelled': subscriptionCancelled,
  'subscription-resumed': subscriptionResumed,
  'staff-chat-message': staffChatMessage,
  'chat-replies': chatReplies,
  'enquiry-reply': enquiryReply,
  'service-request-reply': ticketReply,
  'consultation-proposed': consultationProposed,
  'consultation-confirmed': consultationConfirmed,
  'staff-invitation': staffInvitation,
  'quote-sent': quoteSent,
  'quote-reminder': quoteReminder,
  'quote-accepted': quoteAccepted,
  'quote-deposit-paid': quoteDepositPaid,
  'staff-quote-answered': staffQuoteAnswered,
  'satisfaction-survey': satisfactionSurvey,
} as const;

export type MailTemplateName = keyof typeof mailTemplates;

/** The data a template is rendered from. */
export type MailData<Name extends MailTemplateName> =
  (typeof mailTemplates)[Name] extends MailTemplate<infer Data> ? Data : never;
