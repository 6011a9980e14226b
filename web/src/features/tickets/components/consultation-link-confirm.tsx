import { CalendarCheck, CheckCircle2, XCircle } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { formatInZone } from '@shared/time-zones';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useHydrated } from '@/lib/use-hydrated';
import { useConfirmConsultationLink, useConsultationLink } from '../api/consultation-link';

function Refused({ message }: { message: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 text-center">
      <XCircle className="h-10 w-10 text-red-700" aria-hidden="true" />
      <p className="text-slate-700">{message}</p>
      <ButtonLink to="/portal" variant="outline">
        Go to your portal
      </ButtonLink>
    </div>
  );
}

/**
 * The page of the one-click link in a proposal email (?token=…): shows the
 * proposed time and one button that confirms it. Opening the page (as a mail
 * scanner does) only reads; no login needed.
 */
export function ConsultationLinkConfirm() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const token = hydrated ? (params.get('token') ?? '') : '';
  const link = useConsultationLink(token);
  const confirm = useConfirmConsultationLink(token);

  if (!hydrated) return <Spinner className="py-12" label="Loading the proposed time" />;
  if (!token) return <Refused message="This page needs the link from your consultation email." />;
  if (confirm.isSuccess) {
    const { consultation } = confirm.data;
    return (
      <div role="status" className="flex flex-col items-center gap-4 text-center">
        <CheckCircle2 className="h-10 w-10 text-green-700" aria-hidden="true" />
        <p className="text-slate-700">
          Your consultation is confirmed for {formatInZone(consultation.startsAt, consultation.timeZone)}. We have
          emailed you a calendar file.
        </p>
        <ButtonLink to="/portal">Go to your portal</ButtonLink>
      </div>
    );
  }
  if (confirm.isError) return <Refused message={errorMessage(confirm.error, 'Failed to confirm the time')} />;
  if (link.isError) return <Refused message={errorMessage(link.error, 'Failed to read the proposed time')} />;
  if (!link.data) return <Spinner className="py-12" label="Loading the proposed time" />;

  const { name, consultation } = link.data;
  return (
    <div className="flex flex-col items-center gap-5 text-center">
      <CalendarCheck className="h-10 w-10 text-blue-700" aria-hidden="true" />
      <p className="text-slate-700">{name}, we propose this time for your technical consultation:</p>
      <p className="text-lg font-semibold text-navy-900">
        {formatInZone(consultation.startsAt, consultation.timeZone)}
        <span className="block text-sm font-normal text-slate-600">{consultation.durationMinutes} minutes</span>
      </p>
      <Button size="lg" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
        {confirm.isPending ? 'Confirming...' : 'Confirm this time'}
      </Button>
      <p className="text-sm text-slate-600">
        Does it not suit you? Reply on the request in your portal and we will find another.
      </p>
    </div>
  );
}
