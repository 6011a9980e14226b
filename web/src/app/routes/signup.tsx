import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageContainer } from '@/components/layout/page-container';
import { RedirectIfAuthenticated } from '@/features/auth/components/auth-redirects';
import { SignupForm } from '@/features/auth/components/signup-form';

export function Component() {
  return (
    <RedirectIfAuthenticated>
      <PageContainer className="flex justify-center py-16">
        <Card className="w-full max-w-lg">
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              Create an Account
            </CardTitle>
            <CardDescription>Buy products, subscribe to a managed IT plan and track your requests.</CardDescription>
          </CardHeader>
          <CardContent>
            <SignupForm />
          </CardContent>
        </Card>
      </PageContainer>
    </RedirectIfAuthenticated>
  );
}
