import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client.js';
import {
  describeUploadError,
  GENERIC_400_MESSAGE,
  INAPPROPRIATE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  OFFLINE_MESSAGE,
  OUT_OF_UPLOADS_MESSAGE,
  SERVER_ERROR_MESSAGE,
  UNAVAILABLE_FALLBACK_MESSAGE,
  UNPROCESSABLE_MESSAGE,
} from './api.js';
import { checkSelection, TOO_MANY_FILES_MESSAGE } from './files.js';

const apiError = (status: number, body?: unknown) =>
  new ApiError(status, 'Status', body === undefined ? '' : JSON.stringify(body));

describe('describeUploadError', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('503 is a temporary problem: the server says why, or the fallback says to try again', () => {
    const message = 'SnapNotes cannot take uploads for a moment. Please try again in a few seconds.';
    expect(describeUploadError(apiError(503, { error: 'SERVICE_UNAVAILABLE', message }))).toMatchObject({
      kind: 'unavailable',
      message,
    });
    expect(describeUploadError(apiError(503))).toMatchObject({
      kind: 'unavailable',
      message: UNAVAILABLE_FALLBACK_MESSAGE,
    });
  });

  it('a failed request is "offline" when the browser has no connection, a network error otherwise', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(describeUploadError(new NetworkError('down'))).toMatchObject({ kind: 'offline', message: OFFLINE_MESSAGE });
    vi.stubGlobal('navigator', { onLine: true });
    expect(describeUploadError(new NetworkError('down'))).toMatchObject({
      kind: 'network',
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('402 upgradeRequired asks for a subscription', () => {
    expect(describeUploadError(apiError(402, { error: 'UPGRADE_REQUIRED', upgradeRequired: true }))).toMatchObject({
      kind: 'upgrade-required',
      message: OUT_OF_UPLOADS_MESSAGE,
    });
    expect(OUT_OF_UPLOADS_MESSAGE).toBe("You've used all your free uploads. Please subscribe to continue.");
  });

  it('400 with inappropriateImages lists the flagged files', () => {
    const failure = describeUploadError(
      apiError(400, { error: 'INAPPROPRIATE_CONTENT', message: 'x', inappropriateImages: ['a.png', 'b.jpg'] }),
    );
    expect(failure).toEqual({
      kind: 'inappropriate',
      message: INAPPROPRIATE_MESSAGE,
      flaggedFiles: ['a.png', 'b.jpg'],
    });
  });

  it('other 400s show the server message, or the generic text', () => {
    expect(describeUploadError(apiError(400, { message: 'Only PNG and JPEG are accepted' })).message).toBe(
      'Only PNG and JPEG are accepted',
    );
    expect(describeUploadError(apiError(400)).message).toBe(GENERIC_400_MESSAGE);
  });

  it('422, 429, 5xx and network failures', () => {
    expect(describeUploadError(apiError(422, { message: 'nothing' })).message).toBe(UNPROCESSABLE_MESSAGE);
    expect(describeUploadError(apiError(429, { message: 'At most 10 images every 5 minutes.' }))).toMatchObject({
      kind: 'rate-limited',
      message: 'At most 10 images every 5 minutes.',
    });
    expect(describeUploadError(apiError(500, { message: 'db down' })).message).toBe(SERVER_ERROR_MESSAGE);
    expect(describeUploadError(new NetworkError(new TypeError('fetch failed')))).toMatchObject({
      kind: 'network',
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});

describe('checkSelection', () => {
  const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

  it('accepts PNG, JPG and JPEG', () => {
    const result = checkSelection([file('a.png', 'image/png'), file('b.jpg', 'image/jpeg'), file('c.JPEG', '')]);
    expect(result.ok).toBe(true);
  });

  it('refuses more than 10 files with the alert text', () => {
    const result = checkSelection(Array.from({ length: 11 }, (_, i) => file(`${i}.png`, 'image/png')));
    expect(result).toEqual({ ok: false, reason: 'too-many', message: TOO_MANY_FILES_MESSAGE });
    expect(TOO_MANY_FILES_MESSAGE).toBe('You can only upload up to 10 files at once');
    expect(checkSelection(Array.from({ length: 10 }, (_, i) => file(`${i}.png`, 'image/png'))).ok).toBe(true);
  });

  it('names files of other types', () => {
    const result = checkSelection([file('a.png', 'image/png'), file('anim.gif', 'image/gif')]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toBe('unsupported-type');
    expect(!result.ok && result.message).toContain('anim.gif');
  });
});
