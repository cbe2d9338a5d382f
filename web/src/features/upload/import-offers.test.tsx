// @vitest-environment jsdom
/**
 * Where the upload section hands more than one upload takes to the page's bulk import (issue 25): more than 10 files
 * chosen are still refused with SPEC §5's message, and offered to the import; more than 10 images shared from the
 * phone are offered as an import instead of an upload that would be refused. The share inbox is stood in for as in
 * shared-images.test.tsx; the import itself is the page's (a recorded `start`).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  nodeFormDataForUploads,
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

const server = signedInStandIn();

nodeFormDataForUploads();
resetAfterEachTest();
beforeEach(() => {
  server().requests.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  inbox.pendingShares.mockReset().mockResolvedValue([]);
  inbox.claimShare.mockReset();
  inbox.discardShare.mockReset().mockResolvedValue();
});

const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });
const pngs = (n: number) => Array.from({ length: n }, (_, i) => png(`s${i + 1}.png`));
const uploads = () => server().requests.filter((r) => r.path === '/api/process-screenshots');

async function setup(path = '/app') {
  const started: File[][] = [];
  renderInApp(
    <UploadSection
      renderUpgrade={() => null}
      bulkImport={{
        entry: ({ disabled }) => (
          <button type="button" disabled={disabled}>
            Import many
          </button>
        ),
        start: (files) => started.push(files),
      }}
    />,
    { identity: signedInIdentity(), path },
  );
  await screen.findByText(/free uploads left this month/, undefined, { timeout: 5000 });
  return started;
}

describe('more than one upload takes', () => {
  it('puts the page\'s "Import many" beside Browse Files', async () => {
    await setup();
    const browse = screen.getByRole('button', { name: 'Browse Files' });
    expect(browse.parentElement?.textContent).toContain('Import many');
  });

  it('refuses 11 chosen files as SPEC §5 says, and offers to import them as separate notes', async () => {
    const started = await setup();
    fireEvent.change(screen.getByLabelText('Upload images'), { target: { files: pngs(11) } });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You can only upload up to 10 files at once')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import all 11 as separate notes' }));
    expect(started.map((files) => files.length)).toEqual([11]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByRole('button', { name: /Import all/ })).toBeNull();
    expect(uploads()).toHaveLength(0);
  });

  it('offers 12 shared images as an import, and uploads nothing', async () => {
    const files = pngs(12);
    inbox.pendingShares.mockResolvedValue([{ id: 's1', files }]);
    inbox.claimShare.mockResolvedValue(files);
    const started = await setup('/app?share=s1');
    const dialog = await screen.findByRole('alertdialog', { name: 'Import 12 shared images?' });
    expect(
      within(dialog).getByText(
        /each note made counts as one upload \(scrolling captures of one chat or page become one note\)/,
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Upload' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import 12 images' }));
    await waitFor(() => expect(started).toEqual([files]));
    expect(inbox.claimShare).toHaveBeenCalledWith('s1');
    expect(uploads()).toHaveLength(0);
  });

  it('still uploads 10 or fewer shared images as one note', async () => {
    inbox.pendingShares.mockResolvedValue([{ id: 's1', files: pngs(3) }]);
    await setup('/app?share=s1');
    const dialog = await screen.findByRole('alertdialog', { name: 'Upload 3 shared images?' });
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeTruthy();
  });
});
