// @vitest-environment jsdom
/**
 * Images shared to SnapNotes (issue 22 item 1): the share inbox is stood in for (its IndexedDB is the browser's; the
 * real one is exercised in e2e/pwa.e2e.ts); the upload section must ask before uploading, offer only the signed-in
 * account's shares, and upload or delete a share as the user answers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  nodeFormDataForUploads,
  pngFile as png,
  resetAfterEachTest,
  signedInIdentity,
  signedInStandIn,
} from '../../test/component-test.js';
import { renderInApp } from '../../test/render-app.js';
import { UploadSection } from './upload-section.js';

const inbox = vi.hoisted(() => ({
  pendingShares: vi.fn<(uid: string) => Promise<Array<{ id: string; files: File[] }>>>(),
  claimShare: vi.fn<(id: string) => Promise<File[] | null>>(),
  discardShare: vi.fn<(id: string) => Promise<void>>(),
}));
vi.mock('../../lib/share-inbox.js', () => inbox);

const server = signedInStandIn((req) =>
  req.path === '/api/process-screenshots' ? { body: { id: 11, title: 'New note' } } : undefined,
);

nodeFormDataForUploads();
resetAfterEachTest();
beforeEach(() => {
  server().requests.length = 0;
  // jsdom has no blob: URLs; the dialog's previews only need a string.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  inbox.pendingShares.mockReset();
  inbox.claimShare.mockReset();
  inbox.discardShare.mockReset();
});

const uploads = () => server().requests.filter((r) => r.path === '/api/process-screenshots');

async function setup(shares: Array<{ id: string; files: File[] }>) {
  inbox.pendingShares.mockResolvedValue(shares);
  inbox.claimShare.mockImplementation(async (id) => shares.find((s) => s.id === id)?.files ?? null);
  inbox.discardShare.mockResolvedValue();
  const identity = signedInIdentity();
  renderInApp(<UploadSection renderUpgrade={() => null} />, { identity, path: '/app?share=abc' });
  await screen.findByText(/free uploads left this month/, undefined, { timeout: 5000 });
}

describe('images shared to SnapNotes', () => {
  it('asks "Upload 3 shared images?" with Upload and Discard, and uploads nothing before the answer', async () => {
    await setup([{ id: 's1', files: [png('a.png'), png('b.png'), png('c.png')] }]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Upload 3 shared images?' });
    expect(inbox.pendingShares).toHaveBeenCalledWith('u3'); // the signed-in account's shares only
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Discard' })).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['a.png', 'b.png', 'c.png']);
    // Focus starts on the safe answer.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Discard' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(uploads()).toHaveLength(0);
    expect(inbox.claimShare).not.toHaveBeenCalled();
  });

  it('uploads the share as one note once the user answers Upload', async () => {
    await setup([{ id: 's1', files: [png('one.png')] }]);
    const dialog = await screen.findByRole('alertdialog', { name: 'Upload 1 shared image?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Note created successfully!')).toBeTruthy();
    expect(inbox.claimShare).toHaveBeenCalledWith('s1');
    expect(uploads()).toHaveLength(1);
    expect(uploads()[0]?.text).toContain('filename="one.png"');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('deletes the share and uploads nothing when the user answers Discard (or presses Escape)', async () => {
    await setup([
      { id: 's1', files: [png('one.png')] },
      { id: 's2', files: [png('two.png'), png('three.png')] },
    ]);
    const first = await screen.findByRole('alertdialog', { name: 'Upload 1 shared image?' });
    fireEvent.click(within(first).getByRole('button', { name: 'Discard' }));
    const second = await screen.findByRole('alertdialog', { name: 'Upload 2 shared images?' });
    fireEvent.keyDown(second, { key: 'Escape' });
    await waitFor(() => expect(inbox.discardShare.mock.calls).toEqual([['s1'], ['s2']]));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(inbox.claimShare).not.toHaveBeenCalled();
    expect(uploads()).toHaveLength(0);
  });
});
