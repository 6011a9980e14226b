import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageContainer } from '@/components/layout/page-container';
import { PageHero } from '@/components/layout/page-hero';
import { BusinessHoursCard } from '@/features/contact/components/business-hours-card';
import { useUser } from '@/features/auth/api/use-user';
import { ContactForm } from '@/features/contact/components/contact-form';
import { ContactInfoCard } from '@/features/contact/components/contact-info-card';

export function Component() {
  const { user } = useUser();
  // A logged-in client writes as themselves: name and email start filled in.
  const prefill =
    user && user.accountType === 'client'
      ? { name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username, email: user.email ?? '' }
      : null;
  return (
    <>
      <PageHero
        title="Get In Touch"
        subtitle="Have a project in mind? Let's discuss how we can help transform your IT infrastructure."
      />
      <div className="bg-slate-50">
        <PageContainer className="grid gap-8 py-16 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle className="text-2xl">Send Us a Message</CardTitle>
              <CardDescription>Fill out the form below and we&apos;ll get back to you within 24 hours.</CardDescription>
            </CardHeader>
            <CardContent>
              <ContactForm prefill={prefill} />
            </CardContent>
          </Card>
          <div className="flex flex-col gap-8">
            <ContactInfoCard />
            <BusinessHoursCard />
          </div>
        </PageContainer>
      </div>
    </>
  );
}
