import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { CustomerTimelineEntry } from '@shared/schemas/admin-customers';
import { ORDER_STATUS_LABELS } from '@shared/schemas/orders';
import { ENQUIRY_STATUS_LABELS, TICKET_STATUS_LABELS } from '@shared/tickets';
import { SUBSCRIPTION_STATUS_LABELS } from '@shared/subscriptions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { subscriptionStanding } from '../subscription-standing';
import { useMay } from '@/lib/staff-role';
import { toast } from '@/lib/toast';
import { useAdminCustomer, useSendPasswordReset } from '../api/admin-customers';

const KIND_LABELS = {
  account: 'Account',
  order: 'Order',
  service_request: 'Service request',
  enquiry: 'Enquiry',
  chat: 'Chat',
  subscription: 'Subscription',
  bounced_mail: 'Email bounced',
  survey: 'Rating',
} as const;

/** The shared labels of each kind's statuses (shared/). */
const STATUS_LABELS: Partial<Record<CustomerTimelineEntry['kind'], Record<string, string>>> = {
  order: ORDER_STATUS_LABELS,
  service_request: TICKET_STATUS_LABELS,
  enquiry: ENQUIRY_STATUS_LABELS,
  subscription: SUBSCRIPTION_STATUS_LABELS,
};

/** A timeline entry's status in words: by its kind's shared labels, anything else capitalised. */
function statusLabel(entry: CustomerTimelineEntry): string | null {
  if (!entry.status) return null;
  const words = entry.status.replace(/_/g, ' ');
  return STATUS_LABELS[entry.kind]?.[entry.status] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One customer for staff: the account, subscription, and everything they did —
 * orders, service requests, enquiries (matched by email), chats — in one
 * timeline. Staff can email them a password-reset link; nothing secret is shown.
 */
export function CustomerScreen({ customerId, billing }: { customerId: string; billing?: ReactNode }) {
  const customer = useAdminCustomer(customerId);
  const reset = useSendPasswordReset(customerId);
  // The timeline holds only what the role may open (the server leaves the rest out: decision 167).
  const mayReset = useMay('customers.password_reset');
  if (customer.isPending) return <Spinner label="Loading the customer" className="py-16" />;
  if (customer.isError) {
    const missing = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold text-navy-900">{missing ? 'Customer not found' : 'Customer'}</h1>
        <FormAlert>
          {missing
            ? 'There is no account with this id.'
            : errorMessage(customer.error, 'The customer could not be loaded.')}
        </FormAlert>
      </div>
    );
  }
  const { account, subscription, timeline } = customer.data;
  const sendReset = () =>
    reset.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Reset Link Sent', description: answer.message }),
      onError: (error) =>
        toast({
          title: 'Not Sent',
          description: errorMessage(error, 'The reset link could not be sent.'),
          variant: 'destructive',
        }),
    });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/admin/customers"
          className="flex items-center gap-1 text-sm font-semibold text-blue-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Customers
        </Link>
        <h1 className="text-3xl font-bold text-navy-900">{account.name ?? account.username}</h1>
        <p className="text-sm text-slate-600">
          {account.accountType === 'staff' ? 'Staff account' : 'Client'} since {formatDate(account.createdAt)}
        </p>
      </div>
      <div className="grid gap-6 xl:grid-cols-[360px_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Account</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-1 text-sm text-slate-700">
              <span>Username: {account.username}</span>
              <span>
                Email: {account.email ?? 'none'}
                {account.email ? (account.emailVerified ? ' (confirmed)' : ' (not confirmed by its owner)') : ''}
              </span>
              <span>Name: {account.name ?? 'not given'}</span>
              <div className="mt-3">
                {account.accountType === 'staff' ? (
                  <p className="text-slate-600">
                    A staff account: its password cannot be reset from here. Its owner can use &ldquo;Forgot your
                    password?&rdquo; on the login page.
                  </p>
                ) : mayReset ? (
                  <Button variant="outline" onClick={sendReset} disabled={reset.isPending || !account.email}>
                    {reset.isPending ? 'Sending...' : 'Email a password reset link'}
                  </Button>
                ) : null}
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Subscription</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-slate-700">
              {subscription ? <p>{subscriptionStanding(subscription, formatDate)}</p> : <p>No subscription.</p>}
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>History</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="flex flex-col gap-3" aria-label="Customer history">
              {timeline.map((entry) => (
                <li key={`${entry.kind}:${entry.id}`} className="border-l-2 border-blue-200 pl-3 text-sm">
                  <p className="font-medium text-slate-900">
                    <span className="text-slate-600">{KIND_LABELS[entry.kind]} · </span>
                    {entry.link ? (
                      <Link to={entry.link} className="text-blue-700 hover:underline">
                        {entry.title}
                      </Link>
                    ) : (
                      entry.title
                    )}
                    {entry.status ? <span className="text-slate-600"> · {statusLabel(entry)}</span> : null}
                  </p>
                  <p className="text-slate-600">{formatDateTime(entry.at)}</p>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
      {billing}
    </div>
  );
}
