import { PageShell } from '../../components/page-shell.js';
import { UserMenu } from '../../components/user-menu.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { FeedbackForm } from './feedback-form.js';

/** /feedback (SPEC §2). */
export function FeedbackPage() {
  return (
    <PageShell
      width="narrow"
      logoTo="/app"
      actions={<UserMenu />}
      back={{ to: '/settings', label: 'Back to Settings' }}
      className="space-y-6"
    >
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">Feedback</h1>
          <CardDescription>We appreciate your feedback and will use it to improve our service.</CardDescription>
        </CardHeader>
        <CardContent>
          <FeedbackForm />
        </CardContent>
      </Card>
    </PageShell>
  );
}
