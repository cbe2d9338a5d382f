// @vitest-environment jsdom
import { File as NodeFile } from 'node:buffer';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startTestServer, type Reply, type TestServer } from '../../test/http-server.js';
import { FakeIdentity } from '../../test/fake-identity.js';
import { renderInApp } from '../../test/render-app.js';
import { setApiBaseUrl, setIdTokenProvider } from '../../lib/api-client.js';
import { getToastState, resetToasts } from '../../lib/toast.js';
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

beforeAll(async () => {
  // jsdom's FormData and File cannot be serialised by Node's fetch (it hangs): use Node's own, as a browser would
  // use its native ones. Node's FormData constructor is reachable through a parsed form body.
  const nodeForm = await new Response('a=1', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  }).formData();
  vi.stubGlobal('FormData', nodeForm.constructor);
  vi.stubGlobal('File', NodeFile);
  server = await startTestServer((req) => {
    if (req.path === '/api/user') {
      return {
        body: { id: 3, firebaseUid: 'u3', email: 'c@example.com', username: 'c', displayName: 'C', photoURL: '' },
      };
    }
    if (req.path === '/api/user/3/remaining-uploads') return { body: remaining };
    if (req.path === '/api/process-screenshots') return uploadReply;
    return { body: [] };
  });
  setApiBaseUrl(server.url);
});
afterAll(async () => {
  await server.close();
  setApiBaseUrl('');
  vi.unstubAllGlobals();
});
beforeEach(() => {
  server.requests.length = 0;
  remaining = { remainingUploads: 3, hasSubscription: false, limit: 5, resetsAt: null };
  uploadReply = { body: { id: 11, title: 'New note' } };
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  resetToasts();
  vi.restoreAllMocks();
});

async function setup() {
  const identity = new FakeIdentity();
  identity.current = { uid: 'u3', email: 'c@example.com', displayName: 'C', photoURL: null };
  setIdTokenProvider(() => identity.getIdToken());
  const harness = renderInApp(<UploadSection renderUpgrade={renderUpgrade} />, { identity, path: '/app' });
  await screen.findByText(/free uploads left this month/);
  return harness;
}

const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
const chooseFiles = (files: File[]) => fireEvent.change(screen.getByLabelText('Upload images'), { target: { files } });
const uploads = () => server.requests.filter((r) => r.path === '/api/process-screenshots');

describe('UploadSection', () => {
  it('uploads the chosen images with the user id, then shows success, toasts and records note_created', async () => {
    const { analytics } = await setup();
    chooseFiles([png('one.png'), png('two.png')]);
    expect(await screen.findByText('Checking images for content and safety...')).toBeTruthy();
    expect(await screen.findByText('Note created successfully!')).toBeTruthy();
    const [request] = uploads();
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(request?.text.match(/name="images"/g)).toHaveLength(2);
    expect(request?.text).toMatch(/name="userId"\r\n\r\n3\r\n/);
    expect(getToastState().toasts[0]).toMatchObject({
      title: 'Success!',
      description: 'Your screenshot has been processed successfully.',
    });
    expect(analytics.events).toContainEqual(['note_created']);
    // The four per-user queries are refetched.
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === '/api/user/3/remaining-uploads').length).toBe(2),
    );
  });

  it('alerts when more than 10 files are chosen and sends nothing', async () => {
    await setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    chooseFiles(Array.from({ length: 11 }, (_, i) => png(`${i}.png`)));
    expect(alert).toHaveBeenCalledWith('You can only upload up to 10 files at once');
    expect(uploads()).toHaveLength(0);
  });

  it('blocks on the client at 0 remaining uploads and offers the plans', async () => {
    remaining = { remainingUploads: 0, hasSubscription: false, limit: 5, resetsAt: null };
    await setup();
    chooseFiles([png('a.png')]);
    expect(await screen.findByText("You've used all your free uploads. Please subscribe to continue.")).toBeTruthy();
    expect(uploads()).toHaveLength(0);
    const panel = await screen.findByRole('region', { name: 'Unlock unlimited uploads' });
    expect(
      within(panel).getByText(
        'Subscribe to Premium for unlimited uploads, priority processing and enhanced summaries.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByRole('region', { name: 'Unlock unlimited uploads' })).toBeNull();
  });

  it('shows unlimited uploads (null on the wire) as ∞ and never blocks a subscriber', async () => {
    remaining = { remainingUploads: null, hasSubscription: true, limit: null, resetsAt: null };
    const identity = new FakeIdentity();
    identity.current = { uid: 'u3', email: 'c@example.com', displayName: 'C', photoURL: null };
    setIdTokenProvider(() => identity.getIdToken());
    renderInApp(<UploadSection renderUpgrade={renderUpgrade} />, { identity, path: '/app' });
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

  it('shows the 422 text and the generic server error text', async () => {
    uploadReply = { status: 422, body: { error: 'NOTHING_EXTRACTED', message: 'n' } };
    await setup();
    chooseFiles([png('blank.png')]);
    expect(await screen.findByText('Could not process the content from the uploaded images')).toBeTruthy();
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
});
