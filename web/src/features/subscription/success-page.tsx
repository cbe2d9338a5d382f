import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { PageShell } from '../../components/page-shell.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent } from '../../components/ui/card.js';
import { useAuth } from '../../lib/session.js';
import { refetchUserData } from '../../lib/query-client.js';
import { useAnalytics } from '../../lib/runtime.js';
import { toast } from '../../lib/toast.js';
import {
  NO_SESSION_MESSAGE,
  VERIFIED_REDIRECT_MS,
  VERIFY_FAILED_MESSAGE,
  VERIFY_FAILED_REDIRECT_MS,
  verifySubscription,
} from './api.js';
import { PLANS } from './plans.js';

type VerifyState = { status: 'verifying' } | { status: 'success' } | { status: 'error'; message: string };

/** /subscription/success: verifies the checkout session, then returns to /app (SPEC §2, §4). */
export function SubscriptionSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const analytics = useAnalytics();
  const navigate = useNavigate();
  const [state, setState] = useState<VerifyState>(
    sessionId ? { status: 'verifying' } : { status: 'error', message: NO_SESSION_MESSAGE },
  );
  const startedRef = useRef(false);

  useEffect(() => {
    if (!sessionId || isLoading || startedRef.current) return;
    startedRef.current = true;
    verifySubscription(sessionId)
      .then(async (plan) => {
        setState({ status: 'success' });
        toast({
          title: 'Subscription successful!',
          description: 'Thank you for subscribing. You now have unlimited uploads.',
        });
        analytics.subscriptionPurchased(plan, PLANS[plan].analyticsValue);
        if (user) await refetchUserData(queryClient, user.id);
        await queryClient.invalidateQueries();
      })
      .catch((error: unknown) => {
        setState({ status: 'error', message: error instanceof Error ? error.message : VERIFY_FAILED_MESSAGE });
      });
  }, [sessionId, isLoading, user, queryClient, analytics]);

  useEffect(() => {
    if (state.status === 'verifying') return;
    const delay = state.status === 'success' ? VERIFIED_REDIRECT_MS : VERIFY_FAILED_REDIRECT_MS;
    const timer = setTimeout(() => navigate('/app', { replace: true }), delay);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  return (
    <PageShell centered logoTo="/app">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 py-6 text-center" aria-live="polite">
          {state.status === 'verifying' ? (
            <>
              <Loader2 className="size-10 animate-spin text-brand" aria-hidden="true" />
              <h1 className="text-xl font-semibold">Verifying your subscription...</h1>
              <p className="text-sm text-muted-foreground">This only takes a moment.</p>
            </>
          ) : state.status === 'success' ? (
            <>
              <CheckCircle2 className="size-10 text-success" aria-hidden="true" />
              <h1 className="text-xl font-semibold">Welcome to Premium!</h1>
              <p className="text-sm text-muted-foreground">
                You now have unlimited uploads. Taking you back to your notes...
              </p>
            </>
          ) : (
            <>
              <XCircle className="size-10 text-destructive" aria-hidden="true" />
              <h1 className="text-xl font-semibold">We couldn't verify your subscription</h1>
              <p role="alert" className="text-sm text-destructive">
                {state.message}
              </p>
              <p className="text-sm text-muted-foreground">Returning to the app in a few seconds...</p>
            </>
          )}
          {state.status !== 'verifying' ? (
            <Button asChild variant="outline">
              <Link to="/app">Go to the app now</Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </PageShell>
  );
}
