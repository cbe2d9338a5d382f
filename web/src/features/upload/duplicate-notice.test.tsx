// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  nodeFormDataForUploads,
  pngFile as png,
  resetAfterEachTest,
  signedInIdentity,
  signedInStandIn,
} from '../../test/component-test.js';
import { renderInApp } from '../../test/render-app.js';
import { UploadSection } from './upload-section.js';

/** The gateway's reply when every image is already in a note of the user's (issue 25): that note, and duplicateOf. */
const EXISTING = { id: 42, title: 'Library on Thursday', duplicateOf: { noteId: '42', title: 'Library on Thursday' } };

signedInStandIn((req) => {
  if (req.path === '/api/process-screenshots') return { body: EXISTING };
  if (req.path.startsWith('/api/uploads/')) return { status: 404, body: { error: 'NOT_FOUND', message: 'none' } };
  return undefined;
});
nodeFormDataForUploads();
resetAfterEachTest();

describe('an upload already in the notes', () => {
  it('says "Already in your notes: <title>" with a link to that note, and no note is announced', async () => {
    const { analytics } = renderInApp(<UploadSection renderUpgrade={() => null} />, {
      identity: signedInIdentity(),
      path: '/app',
    });
    await screen.findAllByText(/free uploads left this month/, undefined, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Upload images'), { target: { files: [png('again.png')] } });

    const link = await screen.findByRole('link', { name: 'Library on Thursday' });
    expect(link.closest('p')?.textContent).toBe('Already in your notes: Library on Thursday');
    expect(screen.getByText('No note was made and no upload was used.')).toBeTruthy();
    expect(screen.queryByText('Note created successfully!')).toBeNull();
    expect(analytics.events).not.toContainEqual(['note_created']);

    // The link takes the user to the note in the list.
    const row = document.createElement('div');
    row.dataset.noteId = '42';
    row.scrollIntoView = () => {};
    document.body.append(row);
    fireEvent.click(link);
    await waitFor(() => expect(document.activeElement).toBe(row));
    row.remove();
  });
});
