// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, setIdTokenProvider } from '../../lib/api-client.js';
import { getToastState, resetToasts } from '../../lib/toast.js';
import { FeedbackForm, sendFeedback, type FeedbackFormValues } from './feedback-form.js';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  setIdTokenProvider(async () => null);
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;

function fill(values: Partial<Record<'Name' | 'Email' | 'Message', string>>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
}

describe('FeedbackForm', () => {
  it('shows the placeholders, the hint and an email-type field', () => {
    render(<FeedbackForm submit={vi.fn()} />);
    expect(screen.getByPlaceholderText('Your name')).toBeTruthy();
    expect(screen.getByPlaceholderText('Your feedback or suggestions...')).toBeTruthy();
    expect(field('Email').getAttribute('type')).toBe('email');
    expect(field('Email').getAttribute('placeholder')).toMatch(/@example\.com$/);
    expect(screen.getByText('Please share your thoughts, suggestions, or report any issues.')).toBeTruthy();
  });

  it('shows each validation message and does not submit', async () => {
    const submit = vi.fn(async (_v: FeedbackFormValues) => {});
    render(<FeedbackForm submit={submit} />);
    fill({ Name: 'A', Email: 'not-an-email', Message: 'too short' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByText('Name must be at least 2 characters.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Message must be at least 10 characters.')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends, shows "Sending..." while pending, then toasts and resets the form', async () => {
    let finish: () => void = () => {};
    const submit = vi.fn((_v: FeedbackFormValues) => new Promise<void>((resolve) => (finish = resolve)));
    render(<FeedbackForm submit={submit} />);
    fill({ Name: 'Alice', Email: 'alice@example.com', Message: 'The search is really handy.' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(submit).toHaveBeenCalledWith({
      name: 'Alice',
      email: 'alice@example.com',
      message: 'The search is really handy.',
    });
    await act(async () => finish());
    await waitFor(() => expect(field('Name').value).toBe(''));
    expect(field('Message').value).toBe('');
    expect(getToastState().toasts[0]).toMatchObject({
      title: 'Feedback sent',
      description: 'Thank you for your feedback!',
    });
  });

  it('keeps the form and shows a destructive toast when sending fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const submit = vi.fn(async () => {
      throw new Error('500: boom');
    });
    render(<FeedbackForm submit={submit} />);
    fill({ Name: 'Bob', Email: 'bob@example.com', Message: 'Please add a dark mode toggle.' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() =>
      expect(getToastState().toasts[0]).toMatchObject({
        variant: 'destructive',
        title: 'Error',
        description: 'Failed to send feedback. Please try again later.',
      }),
    );
    expect(field('Name').value).toBe('Bob');
    expect(field('Message').value).toBe('Please add a dark mode toggle.');
    error.mockRestore();
  });

  it('asks to sign in again when the server says the session is over (401)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const submit = vi.fn(async () => {
      throw new ApiError(401, 'Unauthorized', JSON.stringify({ error: 'UNAUTHORIZED', message: 'Sign in' }));
    });
    render(<FeedbackForm submit={submit} />);
    fill({ Name: 'Bob', Email: 'bob@example.com', Message: 'Please add a dark mode toggle.' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() =>
      expect(getToastState().toasts[0]).toMatchObject({
        variant: 'destructive',
        title: 'Error',
        description: 'Please sign in again to send feedback.',
      }),
    );
    expect(field('Message').value).toBe('Please add a dark mode toggle.');
    error.mockRestore();
  });

  it("shows the server's rate-limit message when too much feedback was sent (429)", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const message =
      'Too much feedback at once: you can send at most 5 messages every 10 minutes. Try again in 9 minutes.';
    const submit = vi.fn(async () => {
      throw new ApiError(429, 'Too Many Requests', JSON.stringify({ error: 'RATE_LIMITED', message }));
    });
    render(<FeedbackForm submit={submit} />);
    fill({ Name: 'Bob', Email: 'bob@example.com', Message: 'Please add a dark mode toggle.' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() =>
      expect(getToastState().toasts[0]).toMatchObject({ variant: 'destructive', title: 'Error', description: message }),
    );
    expect(field('Name').value).toBe('Bob');
    error.mockRestore();
  });
});

describe('sendFeedback', () => {
  it("sends the form as JSON with the signed-in user's token", async () => {
    setIdTokenProvider(async () => 'id-token-of-alice');
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const values = { name: 'Alice', email: 'alice@example.com', message: 'The search is really handy.' };
    await sendFeedback(values);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/feedback');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer id-token-of-alice');
    expect(JSON.parse(init.body as string)).toEqual(values);
  });
});
