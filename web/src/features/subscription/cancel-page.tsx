import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CircleSlash } from 'lucide-react';
import { PageShell } from '../../components/page-shell.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent } from '../../components/ui/card.js';
import { useAuth } from '../../lib/session.js';
import { refreshQueries } from '../../lib/query-client.js';
import { queryKeys } from '../../lib/query-keys.js';
import { toast } from '../../lib/toast.js';
import { CANCEL_REDIRECT_MS } from './api.js';

/** /subscription/cancel (SPEC §2): refreshes the subscription data, toasts, and returns to /app after 2 s. */
export function SubscriptionCancelPage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toastedRef = useRef(false);

  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined || userId <= 0) return;
    void refreshQueries(queryClient, [queryKeys.subscription(userId), queryKeys.remainingUploads(userId)]);
  }, [userId, queryClient]);

  useEffect(() => {
    if (!toastedRef.current) {
      toastedRef.current = true;
      toast({
        title: 'Subscription not completed',
        description: 'You can subscribe anytime to unlock unlimited uploads.',
      });
    }
    const timer = setTimeout(() => navigate('/app', { replace: true }), CANCEL_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <PageShell centered logoTo="/app">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 py-6 text-center">
          <CircleSlash className="size-10 text-muted-foreground" aria-hidden="true" />
          <h1 className="text-xl font-semibold">You&apos;ve cancelled the subscription process.</h1>
          <p className="text-sm text-muted-foreground">You can still use the app with limited uploads.</p>
          <Button asChild variant="outline">
            <Link to="/app">Back to the app</Link>
          </Button>
        </CardContent>
      </Card>
    </PageShell>
  );
}
