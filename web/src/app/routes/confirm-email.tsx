import { PageContainer } from '@/components/layout/page-container';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmEmail } from '@/features/account/components/confirm-email';

export function Component() {
  return (
    <PageContainer className="flex justify-center py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Confirm Your Email Address
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ConfirmEmail />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
