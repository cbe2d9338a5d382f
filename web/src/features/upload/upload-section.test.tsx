// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startTestServer, type Reply, type TestServer } from '../../test/http-server.js';
import {
  SIGNED_IN_USER,
  nodeFormDataForUploads,
  pngFile as png,
  resetAfterEachTest,
  signedInIdentity,
} from '../../test/component-test.js';
import { renderInApp } from '../../test/render-app.js';
import { setApiBaseUrl } from '../../lib/api-client.js';
import { getToastState } from '../../lib/toast.js';
import { UploadSection, type UploadSectionProps } from './upload-section.js';

/** Where the page puts the subscription feature's plans: here a region with the title and the dismiss button. */
const renderUpgrade: UploadSectionProps['renderUpgrade'] = ({ title, description, onDismiss }) => (
  <section aria-label={title}>
    <p>{description}</p>
    <button onClick={onDismiss}>Maybe Later</button>
  </section>
);

let server: TestServer;
let uploadReply: Reply;
let remaining: unknown;
let progressReply: () => Reply;
let notes: unknown[];

nodeFormDataForUploads();
resetAfterEachTest();
beforeAll(async () => {
  server = await startTestServer((req) => {
    if (req.path === '/api/user') return { body: SIGNED_IN_USER };
    if (req.path === '/api/user/3/remaining-uploads') return { body: remaining };
    if (req.path === '/api/process-screenshots') return uploadReply;
    if (req.path.startsWith('/api/uploads/')) return progressReply();
    if (req.path.startsWith('/api/notes/3')) return { body: notes };
    return { body: [] };
  });
  setApiBaseUrl(server.url);
});
afterAll(async () => {
  await server.close();
  setApiBaseUrl('');
});
beforeEach(() => {
  server.requests.length = 0;
  remaining = { remainingUploads: 3, hasSubscription: false, limit: 5, resetsAt: null };
  uploadReply = { body: { id: 11, title: 'New note' } };
  progressReply = () => ({ status: 204 }); // nothing in progress under that id (yet)
  notes = [];
});

async function setup() {
  const identity = signedInIdentity();
  const harness = renderInApp(<UploadSection renderUpgrade={renderUpgrade} />, { identity, path: '/app' });
  await screen.findAllByText(/free uploads left this month/, undefined, { timeout: 5000 });
  return harness;
}

const chooseFiles = (files: File[]) => fireEvent.change(screen.getByLabelText('Upload images'), { target: { files } });
const uploads = () => server.requests.filter((r) => r.path === '/api/process-screenshots');

describe('UploadSection', () => {
  it('uploads the chosen images with the user id, then says success once (no toast) and records note_created', async () => {
    const { analytics } = await setup();
    chooseFiles([png('one.png'), png('two.png')]);
    expect(await screen.findByText('Checking images for content and safety...')).toBeTruthy();
    expect(await screen.findByText('Note created successfully!')).toBeTruthy();
    const [request] = uploads();
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(request?.headers['x-progress-id']).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    expect(request?.text.match(/name="images"/g)).toHaveLength(2);
    expect(request?.text).toMatch(/name="userId"\r\n\r\n3\r\n/);
    expect(getToastState().toasts).toEqual([]);
    expect(analytics.events).toContainEqual(['note_created']);
    // The four per-user queries are refetched.
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === '/api/user/3/remaining-uploads').length).toBe(2),
    );
  });

  it('says inline, not in a browser alert, when more than 10 files are chosen, and sends nothing', async () => {
    await setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    chooseFiles(Array.from({ length: 11 }, (_, i) => png(`${i}.png`)));
    const shown = await screen.findByRole('alert');
    expect(within(shown).getByText('Too many files')).toBeTruthy();
    expect(within(shown).getByText('You can only upload up to 10 files at once')).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
    expect(uploads()).toHaveLength(0);
  });

  it('shows the real stages the gateway reports while the upload is held open', async () => {
    let polls = 0;
    const stages = [
      { stage: 'checking', pagesRead: 0, pages: 3 },
      { stage: 'reading', pagesRead: 1, pages: 3 },
      { stage: 'summarising', pagesRead: 3, pages: 3 },
    ];
    progressReply = () => ({ body: stages[Math.min(polls++, stages.length - 1)] });
    uploadReply = { body: { id: 12, title: 'Slow note' }, delayMs: 3000 };
    await setup();
    chooseFiles([png('a.png'), png('b.png'), png('c.png')]);
    expect(await screen.findByText('Reading page 2 of 3', undefined, { timeout: 3000 })).toBeTruthy();
    expect(
      await screen.findByText('Generating summaries and key points...', undefined, { timeout: 3000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Note created successfully!', undefined, { timeout: 3000 })).toBeTruthy();
    const id = uploads()[0]?.headers['x-progress-id'];
    const asked = server.requests.filter((r) => r.path.startsWith('/api/uploads/'));
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.every((r) => r.path === `/api/uploads/${id}/progress`)).toBe(true);
    const after = server.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // The upload is answered: no more questions.
    expect(server.requests.slice(after).filter((r) => r.path.startsWith('/api/uploads/'))).toEqual([]);
  });

  it('blocks on the client at 0 remaining uploads: "Upgrade to continue" and the plans', async () => {
    remaining = { remainingUploads: 0, hasSubscription: false, limit: 5, resetsAt: null };
    await setup();
    chooseFiles([png('a.png')]);
    expect(await screen.findByText("You've used all your free uploads. Please subscribe to continue.")).toBeTruthy();
    expect(screen.getByText('Upgrade to continue')).toBeTruthy();
    expect(screen.queryByText('Upload failed')).toBeNull();
    expect(uploads()).toHaveLength(0);
    const panel = await screen.findByRole('region', { name: 'Unlock unlimited uploads' });
    expect(
      within(panel).getByText(
        'Subscribe to Premium for unlimited uploads, priority processing and enhanced summaries.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByRole('region', { name: 'Unlock unlimited uploads' })).toBeNull();
    // The alert keeps a way back to the plans.
    fireEvent.click(screen.getByRole('button', { name: /See the plans/ }));
    expect(await screen.findByRole('region', { name: 'Unlock unlimited uploads' })).toBeTruthy();
  });

  it('shows unlimited uploads (null on the wire) as ∞ and never blocks a subscriber', async () => {
    remaining = { remainingUploads: null, hasSubscription: true, limit: null, resetsAt: null };
    renderInApp(<UploadSection renderUpgrade={renderUpgrade} />, { identity: signedInIdentity(), path: '/app' });
    expect(await screen.findByText('Unlimited uploads')).toBeTruthy();
    expect(screen.getByText('∞')).toBeTruthy();
    chooseFiles([png('a.png')]);
    await waitFor(() => expect(uploads()).toHaveLength(1));
  });

  it('lists flagged files when the server rejects inappropriate content', async () => {
    uploadReply = {
      status: 400,
      body: { error: 'INAPPROPRIATE_CONTENT', message: 'flagged', inappropriateImages: ['bad.png'] },
    };
    await setup();
    chooseFiles([png('bad.png'), png('fine.png')]);
    expect(
      await screen.findByText('One or more images contain inappropriate content and cannot be processed'),
    ).toBeTruthy();
    expect(screen.getByText('Flagged files:')).toBeTruthy();
    expect(screen.getByText('bad.png')).toBeTruthy();
    expect(screen.queryByText('Checking images for content and safety...')).toBeNull();
  });

  it('shows the upgrade panel on a 402 and the server message on a 429', async () => {
    uploadReply = { status: 402, body: { error: 'UPGRADE_REQUIRED', message: 'x', upgradeRequired: true } };
    await setup();
    chooseFiles([png('a.png')]);
    expect(await screen.findByRole('region', { name: 'Unlock unlimited uploads' })).toBeTruthy();
    uploadReply = { status: 429, body: { error: 'RATE_LIMITED', message: 'Too many images: try again in 4 minutes.' } };
    chooseFiles([png('b.png')]);
    expect(await screen.findByText('Too many images: try again in 4 minutes.')).toBeTruthy();
  });

  it('shows the 422 text with the reason beside it, and the generic server error text', async () => {
    const reason = 'No text was found, and the image is blank or too small to describe.';
    uploadReply = { status: 422, body: { error: 'NOTHING_EXTRACTED', message: 'n', reason } };
    await setup();
    chooseFiles([png('blank.png')]);
    expect(await screen.findByText('Could not process the content from the uploaded images')).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
    uploadReply = { status: 500, body: { error: 'INTERNAL', message: 'stack trace' } };
    chooseFiles([png('b.png')]);
    expect(await screen.findByText('Error processing screenshots. Please try again.')).toBeTruthy();
  });

  it('uploads an image pasted anywhere on the page', async () => {
    await setup();
    const file = png('pasted.png');
    const paste = new Event('paste', { bubbles: true }) as Event & { clipboardData: unknown };
    paste.clipboardData = { items: [{ kind: 'file', type: 'image/png', getAsFile: () => file }], files: [] };
    document.body.dispatchEvent(paste);
    await waitFor(() => expect(uploads()).toHaveLength(1));
    expect(uploads()[0]?.text).toContain('filename="pasted.png"');
  });

  it('folds to an "Upload more" bar once the user has notes, and opens again', async () => {
    notes = [{ id: 5, title: 'Old note', keyPoints: [], detailedSummary: '', originalText: '' }];
    await setup();
    const more = await screen.findByRole('button', { name: 'Show the upload card' });
    expect(screen.getByText('Upload more')).toBeTruthy();
    expect(screen.getByText('Drag and drop images here').closest('[data-slot="card"]')?.hasAttribute('hidden')).toBe(
      true,
    );
    // The picker is outside the hidden card: a file input in a display:none subtree opens no picker in some browsers.
    expect(screen.getByLabelText('Upload images').closest('[hidden]')).toBeNull();
    // The folded bar still picks files and shows the allowance.
    expect(screen.getByRole('button', { name: 'Browse Files' })).toBeTruthy();
    expect(screen.getAllByText(/free uploads left this month/)[0]?.closest('[hidden]')).toBeNull();
    fireEvent.click(more);
    expect(await screen.findByText('Drag and drop images here')).toBeTruthy();
    expect(screen.queryByText('Upload more')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fold' }));
    expect(await screen.findByRole('button', { name: 'Show the upload card' })).toBeTruthy();
  });
});
