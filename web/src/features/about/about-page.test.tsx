// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { startTestServer, type Reply, type TestServer } from '../../test/http-server.js';
import { FakeIdentity } from '../../test/fake-identity.js';
import { renderInApp } from '../../test/render-app.js';
import { setApiBaseUrl } from '../../lib/api-client.js';
import { AboutPage, multiLanguageText } from './about-page.js';

let server: TestServer;
let reply: Reply;

beforeAll(async () => {
  server = await startTestServer((req) => (req.path === '/api/ocr-languages' ? reply : { status: 404 }));
  setApiBaseUrl(server.url);
});
afterAll(async () => {
  await server.close();
  setApiBaseUrl('');
});
beforeEach(() => {
  server.requests.length = 0;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const feature = () => screen.getByRole('heading', { name: 'Multi-language Support' }).nextElementSibling?.textContent;

describe('About: Multi-language Support', () => {
  it('names the seven languages of the default configuration', () => {
    expect(multiLanguageText(['English', 'French', 'German', 'Spanish', 'Italian', 'Portuguese', 'Dutch'])).toBe(
      'Detects the language of each screenshot and reads English, French, German, Spanish, Italian, Portuguese, ' +
        'and Dutch; summaries keep the language of the original.',
    );
  });

  it('lists the languages the server offers', async () => {
    reply = {
      body: {
        languages: [
          { code: 'eng', name: 'English' },
          { code: 'deu', name: 'German' },
        ],
        defaults: ['eng'],
      },
    };
    renderInApp(<AboutPage />, { identity: new FakeIdentity(), path: '/about' });
    expect(feature()).toContain('reads English, French, German');
    expect(await screen.findByText(/reads English and German;/)).toBeTruthy();
  });

  it('keeps the default list when the server cannot answer', async () => {
    reply = { status: 500, body: 'down' };
    renderInApp(<AboutPage />, { identity: new FakeIdentity(), path: '/about' });
    await waitFor(() => expect(server.requests.map((r) => r.path)).toContain('/api/ocr-languages'));
    expect(feature()).toContain('reads English, French, German, Spanish, Italian, Portuguese, and Dutch;');
  });
});
