import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Loader2, Send } from 'lucide-react';
import { feedbackBodySchema } from '@snapnotes/contracts';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Textarea } from '../../components/ui/textarea.js';
import { OfflineReason } from '../../components/offline-reason.js';
import { OFFLINE_REASONS } from '../../lib/offline-reasons.js';
import { useOnline } from '../../lib/use-online.js';
import { ApiError, apiRequest } from '../../lib/api-client.js';
import { logger } from '../../lib/logger.js';
import { toast } from '../../lib/toast.js';

/** Same rules and messages as the gateway (SPEC §5): name ≥ 2, valid email, message ≥ 10 characters. */
export const feedbackFormSchema = feedbackBodySchema;
export type FeedbackFormInput = z.input<typeof feedbackFormSchema>;
export type FeedbackFormValues = z.output<typeof feedbackFormSchema>;

export async function sendFeedback(values: FeedbackFormValues): Promise<void> {
  await apiRequest('POST', '/api/feedback', values);
}

const EMPTY: FeedbackFormInput = { name: '', email: '', message: '' };

/** SPEC §8's failure text; a refusal the user can act on (signed out, too many messages) says so instead. */
export const FEEDBACK_FAILED_MESSAGE = 'Failed to send feedback. Please try again later.';
export const FEEDBACK_SIGN_IN_MESSAGE = 'Please sign in again to send feedback.';

export function feedbackFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return FEEDBACK_SIGN_IN_MESSAGE;
  if (error instanceof ApiError && error.status === 429) return error.serverMessage ?? FEEDBACK_FAILED_MESSAGE;
  return FEEDBACK_FAILED_MESSAGE;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

/**
 * Feedback form (SPEC §4, §5, §8): sending → success (reset) or failure (kept). The page is for signed-in users
 * only (the router sends others to sign up) and the request carries their token: the server refuses feedback
 * without one, and more than a few messages in ten minutes.
 */
export function FeedbackForm({ submit = sendFeedback }: { submit?: (values: FeedbackFormValues) => Promise<void> }) {
  const ids = { name: useId(), email: useId(), message: useId(), hint: useId(), offline: useId() };
  // Offline, the form stays editable and keeps what is typed; only sending waits for the connection.
  const online = useOnline();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FeedbackFormInput, unknown, FeedbackFormValues>({
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = async (values: FeedbackFormValues) => {
    try {
      await submit(values);
      toast({ title: 'Feedback sent', description: 'Thank you for your feedback!' });
      reset(EMPTY);
    } catch (error) {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'Feedback not sent');
      toast({ variant: 'destructive', title: 'Error', description: feedbackFailureMessage(error) });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <div className="space-y-2">
        <Label htmlFor={ids.name}>Name</Label>
        <Input
          id={ids.name}
          placeholder="Your name"
          autoComplete="name"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${ids.name}-error` : undefined}
          disabled={isSubmitting}
          {...register('name')}
        />
        <FieldError id={`${ids.name}-error`} message={errors.name?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.email}>Email</Label>
        <Input
          id={ids.email}
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${ids.email}-error` : undefined}
          disabled={isSubmitting}
          {...register('email')}
        />
        <FieldError id={`${ids.email}-error`} message={errors.email?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.message}>Message</Label>
        <Textarea
          id={ids.message}
          rows={6}
          placeholder="Your feedback or suggestions..."
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${ids.hint} ${ids.message}-error` : ids.hint}
          disabled={isSubmitting}
          {...register('message')}
        />
        <p id={ids.hint} className="text-sm text-muted-foreground">
          Please share your thoughts, suggestions, or report any issues.
        </p>
        <FieldError id={`${ids.message}-error`} message={errors.message?.message} />
      </div>
      <Button
        type="submit"
        disabled={isSubmitting || !online}
        aria-describedby={online ? undefined : ids.offline}
        className="w-full sm:w-auto"
      >
        {isSubmitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
        {isSubmitting ? 'Sending...' : 'Send Feedback'}
      </Button>
      {!online ? <OfflineReason id={ids.offline}>{OFFLINE_REASONS.feedback}</OfflineReason> : null}
    </form>
  );
}
