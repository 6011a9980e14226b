import { PageContainer } from '@/components/layout/page-container';
import { ConsultationBooking } from '@/features/consultation/components/consultation-booking';

export function Component() {
  return (
    <PageContainer className="flex flex-col gap-8 py-12">
      <div>
        <h1 className="text-4xl font-bold text-navy-900">Services</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">
          Network engineering, field IT, cabling, cybersecurity, cloud and Wi-Fi design — planned and delivered by one
          team.
        </p>
      </div>
      <div className="max-w-2xl">
        <ConsultationBooking />
      </div>
    </PageContainer>
  );
}
