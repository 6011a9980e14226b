import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageContainer } from '@/components/layout/page-container';
import { RedirectIfAuthenticated } from '@/features/auth/components/auth-redirects';
import { LoginForm } from '@/features/auth/components/login-form';

export function Component() {
  return (
    <RedirectIfAuthenticated>
      <PageContainer className="flex justify-center py-16">
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              Log In
            </CardTitle>
            <CardDescription>Access your orders, service requests and subscription.</CardDescription>
          </CardHeader>
          <CardContent>
            <LoginForm />
          </CardContent>
        </Card>
      </PageContainer>
    </RedirectIfAuthenticated>
  );
}
