import type { Knex } from 'knex';
import * as createUsers from './20261121000100_create-users';
import * as createSessions from './20261121000200_create-sessions';
import * as createProducts from './20261121000300_create-products';
import * as createOrders from './20261121000400_create-orders';
import * as createOrderItems from './20261121000500_create-order-items';
import * as createServiceRequests from './20261121000600_create-service-requests';
import * as createContactMessages from './20261121000700_create-contact-messages';
import * as createSubscriptionPlans from './20261121000800_create-subscription-plans';
import * as createChatConversations from './20261121000900_create-chat-conversations';
import * as createChatMessages from './20261121001000_create-chat-messages';
import * as createRateLimits from './20261121001100_create-rate-limits';
import * as createStripeWebhookEvents from './20261121030000_create-stripe-webhook-events';
import * as createDemoPayments from './20261121030100_create-demo-payments';
import * as addChatMessageClientId from './20261121040000_add-chat-message-client-id';
import * as createChatPresence from './20261121040100_create-chat-presence';
import * as createSubscriptions from './20261121050000_create-subscriptions';
import * as seedSubscriptionPlans from './20261121050100_seed-subscription-plans';
import * as createLoginKnownAddresses from './20261123070000_create-login-known-addresses';
import * as createAccountChangeNotifications from './20261123079000_create-account-change-notifications';
import * as createMails from './20261123080000_create-mails';
import * as createAccountTokens from './20261123080100_create-account-tokens';
import * as addChatMailColumns from './20261123080200_add-chat-mail-columns';
import * as addOrderNumbers from './20261123100000_add-order-numbers';
import * as addOrderFulfilment from './20261123100100_add-order-fulfilment';
import * as createOrderEvents from './20261123100200_create-order-events';
import * as addAdminOrderIndexes from './20261123100300_add-admin-order-indexes';
import * as createMailAttachments from './20261123105000_create-mail-attachments';
import * as createInvoices from './20261123105100_create-invoices';
import * as createRefunds from './20261123105200_create-refunds';
import * as addOrderStatusRefunded from './20261123105300_add-order-status-refunded';
import * as addProductArchiveAndImages from './20261123105400_add-product-archive-and-images';
import * as addWaitingOnClientStatus from './20261123110000_add-waiting-on-client-status';
import * as addServiceRequestTicketColumns from './20261123110100_add-service-request-ticket-columns';
import * as createServiceRequestEvents from './20261123110200_create-service-request-events';
import * as addEnquiryStatusColumns from './20261123110300_add-enquiry-status-columns';
import * as createEnquiryReplies from './20261123110400_create-enquiry-replies';
import * as createConsultationProposals from './20261123110500_create-consultation-proposals';
import * as addChatVisitorPages from './20261123110600_add-chat-visitor-pages';
import * as addConsultationConfirmTokens from './20261124110001_add-consultation-confirm-tokens';
import * as addOrderSearchText from './20261124120000_add-order-search-text';
import * as addRefundReasons from './20261126100000_add-refund-reasons';
import * as addUserEmailVerifiedAt from './20261126153000_add-user-email-verified-at';
import * as addEmailVerificationTokens from './20261126153100_add-email-verification-tokens';
import * as addStaffRoles from './20261126190000_add-staff-roles';
import * as createAuditLog from './20261126190100_create-audit-log';
import * as notifyStaffRoleChanges from './20261126190200_notify-staff-role-changes';
import * as addUserLastSignIn from './20261126192000_add-user-last-sign-in';
import * as createStaffInvitations from './20261126192100_create-staff-invitations';
import * as addTwoFactorSignIn from './20261126193000_add-two-factor-sign-in';
import * as addSessionDetails from './20261126193100_add-session-details';
import * as invoiceEveryCharge from './20261126196000_invoice-every-charge';
import * as createCreditNotes from './20261126196100_create-credit-notes';
import * as createQuotes from './20261126197000_create-quotes';
import * as addQuoteDeposits from './20261126201000_add-quote-deposits';
import * as addEnquiryKind from './20261126197100_add-enquiry-kind';
import * as addTicketNumbers from './20261126198000_add-ticket-numbers';
import * as moveConsultationPaymentNotes from './20261126198100_move-consultation-payment-notes';
import * as addSupportFoundation from './20261126200000_add-support-foundation';
import * as notifySessionCacheChanges from './20261126200100_notify-session-cache-changes';
import * as addReportIndexes from './20261126206000_add-report-indexes';
import * as addCannedRepliesAndAutomaticMessages from './20261126203000_add-canned-replies-and-automatic-messages';
import * as addPriorityEvents from './20261126202000_add-priority-events';
import * as addServiceLevelClocks from './20261126205000_add-service-level-clocks';
import * as createAttachments from './20261126204000_create-attachments';
import * as addSurveyDelivery from './20261126204100_add-survey-delivery';
import * as createStaffPresence from './20261126202010_create-staff-presence';
import * as createInboundEmail from './20261126207000_create-inbound-email';
import * as addQuoteOrdersAndPlans from './20261127100000_add-quote-orders-and-plans';
import * as createConsultationBookings from './20261126208000_create-consultation-bookings';
import * as renameProviderPaymentId from './20261127120000_rename-provider-payment-id';
import * as addReportItemFacts from './20261127130000_add-report-item-facts';
import * as addReportRatingsIndex from './20261127140000_add-report-ratings-index';
import * as renameTicketsAndEnquiries from './20261127150000_rename-tickets-and-enquiries';
import * as addReportChanges from './20261127160000_add-report-changes';

/**
 * Every migration, in order. Listed explicitly (rather than read from the
 * folder) so the bundled server carries them; a test checks this list
 * matches the files.
 */
export const migrations: ReadonlyArray<readonly [name: string, migration: Knex.Migration]> = [
  ['20261121000100_create-users', createUsers],
  ['20261121000200_create-sessions', createSessions],
  ['20261121000300_create-products', createProducts],
  ['20261121000400_create-orders', createOrders],
  ['20261121000500_create-order-items', createOrderItems],
  ['20261121000600_create-service-requests', createServiceRequests],
  ['20261121000700_create-contact-messages', createContactMessages],
  ['20261121000800_create-subscription-plans', createSubscriptionPlans],
  ['20261121000900_create-chat-conversations', createChatConversations],
  ['20261121001000_create-chat-messages', createChatMessages],
  ['20261121001100_create-rate-limits', createRateLimits],
  ['20261121030000_create-stripe-webhook-events', createStripeWebhookEvents],
  ['20261121030100_create-demo-payments', createDemoPayments],
  ['20261121040000_add-chat-message-client-id', addChatMessageClientId],
  ['20261121040100_create-chat-presence', createChatPresence],
  ['20261121050000_create-subscriptions', createSubscriptions],
  ['20261121050100_seed-subscription-plans', seedSubscriptionPlans],
  ['20261123070000_create-login-known-addresses', createLoginKnownAddresses],
  ['20261123079000_create-account-change-notifications', createAccountChangeNotifications],
  ['20261123080000_create-mails', createMails],
  ['20261123080100_create-account-tokens', createAccountTokens],
  ['20261123080200_add-chat-mail-columns', addChatMailColumns],
  ['20261123100000_add-order-numbers', addOrderNumbers],
  ['20261123100100_add-order-fulfilment', addOrderFulfilment],
  ['20261123100200_create-order-events', createOrderEvents],
  ['20261123100300_add-admin-order-indexes', addAdminOrderIndexes],
  ['20261123105000_create-mail-attachments', createMailAttachments],
  ['20261123105100_create-invoices', createInvoices],
  ['20261123105200_create-refunds', createRefunds],
  ['20261123105300_add-order-status-refunded', addOrderStatusRefunded],
  ['20261123105400_add-product-archive-and-images', addProductArchiveAndImages],
  ['20261123110000_add-waiting-on-client-status', addWaitingOnClientStatus],
  ['20261123110100_add-service-request-ticket-columns', addServiceRequestTicketColumns],
  ['20261123110200_create-service-request-events', createServiceRequestEvents],
  ['20261123110300_add-enquiry-status-columns', addEnquiryStatusColumns],
  ['20261123110400_create-enquiry-replies', createEnquiryReplies],
  ['20261123110500_create-consultation-proposals', createConsultationProposals],
  ['20261123110600_add-chat-visitor-pages', addChatVisitorPages],
  ['20261124110001_add-consultation-confirm-tokens', addConsultationConfirmTokens],
  ['20261124120000_add-order-search-text', addOrderSearchText],
  ['20261126100000_add-refund-reasons', addRefundReasons],
  ['20261126153000_add-user-email-verified-at', addUserEmailVerifiedAt],
  ['20261126153100_add-email-verification-tokens', addEmailVerificationTokens],
  ['20261126190000_add-staff-roles', addStaffRoles],
  ['20261126190100_create-audit-log', createAuditLog],
  ['20261126190200_notify-staff-role-changes', notifyStaffRoleChanges],
  ['20261126192000_add-user-last-sign-in', addUserLastSignIn],
  ['20261126192100_create-staff-invitations', createStaffInvitations],
  ['20261126193000_add-two-factor-sign-in', addTwoFactorSignIn],
  ['20261126193100_add-session-details', addSessionDetails],
  ['20261126196000_invoice-every-charge', invoiceEveryCharge],
  ['20261126196100_create-credit-notes', createCreditNotes],
  ['20261126197000_create-quotes', createQuotes],
  ['20261126197100_add-enquiry-kind', addEnquiryKind],
  ['20261126198000_add-ticket-numbers', addTicketNumbers],
  ['20261126198100_move-consultation-payment-notes', moveConsultationPaymentNotes],
  ['20261126200000_add-support-foundation', addSupportFoundation],
  ['20261126200100_notify-session-cache-changes', notifySessionCacheChanges],
  ['20261126201000_add-quote-deposits', addQuoteDeposits],
  ['20261126202000_add-priority-events', addPriorityEvents],
  ['20261126202010_create-staff-presence', createStaffPresence],
  ['20261126203000_add-canned-replies-and-automatic-messages', addCannedRepliesAndAutomaticMessages],
  ['20261126204000_create-attachments', createAttachments],
  ['20261126204100_add-survey-delivery', addSurveyDelivery],
  ['20261126205000_add-service-level-clocks', addServiceLevelClocks],
  ['20261126206000_add-report-indexes', addReportIndexes],
  ['20261126207000_create-inbound-email', createInboundEmail],
  ['20261126208000_create-consultation-bookings', createConsultationBookings],
  ['20261127100000_add-quote-orders-and-plans', addQuoteOrdersAndPlans],
  ['20261127120000_rename-provider-payment-id', renameProviderPaymentId],
  ['20261127130000_add-report-item-facts', addReportItemFacts],
  ['20261127140000_add-report-ratings-index', addReportRatingsIndex],
  ['20261127150000_rename-tickets-and-enquiries', renameTicketsAndEnquiries],
  ['20261127160000_add-report-changes', addReportChanges],
];

const byName = new Map(migrations);

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => migrations.map(([name]) => name),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = byName.get(name);
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};
