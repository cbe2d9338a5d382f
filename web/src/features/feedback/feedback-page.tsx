import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { SiteFooter } from '../../components/site-footer.js';
import { SiteHeader } from '../../components/site-header.js';
import { UserMenu } from '../../components/user-menu.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { FeedbackForm } from './feedback-form.js';

/** /feedback (SPEC §2). */
export function FeedbackPage() {
  return (
    <>
      <SiteHeader maxWidth="max-w-2xl" logoTo="/app">
        <UserMenu />
      </SiteHeader>
      <main className="mx-auto w-full max-w-2xl flex-1 space-y-6 px-4 py-8 sm:px-6">
        <Button variant="ghost" size="sm" asChild className="-ml-2">
          <Link to="/settings">
            <ArrowLeft aria-hidden="true" />
            Back to Settings
          </Link>
        </Button>
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-bold tracking-tight">Feedback</h1>
            <CardDescription>We appreciate your feedback and will use it to improve our service.</CardDescription>
          </CardHeader>
          <CardContent>
            <FeedbackForm />
          </CardContent>
        </Card>
      </main>
      <SiteFooter maxWidth="max-w-2xl" />
    </>
  );
}
