/**
 * The opaque cursors of GET /api/notes/{userId} (X-Next-Cursor), base64url:
 *
 * - list page: `l1|<created_at>|<id>|<check>`: the keyset position (created_at desc, id desc) of the last note sent.
 *   created_at is PostgreSQL's own text of the timestamp in UTC with all six fractional digits
 *   (`YYYY-MM-DDTHH:MM:SS.ffffff`): a JS Date keeps milliseconds only, and a cursor rounded to the millisecond
 *   would skip or repeat notes created within the same millisecond.
 * - search page: `s1|<query hash>|<tier>|<offset>|<check>`: where the next page starts among the ranked results of
 *   that query (an offset within a tier: exact, literal, fuzzy). A search cursor given with another query (or a
 *   list cursor with a search, and the reverse) is refused.
 *
 * `check` is a digest of the rest, so a cursor that was cut, edited or made up is refused (400) rather than read.
 * It is not a secret signature: nothing needs one, because a cursor only says where to start among the CALLER's
 * notes (every query is filtered by the authenticated user's id), so even a forged one shows nothing new.
 */
import { createHash } from 'node:crypto';
import { InvalidInputError } from '../errors.js';

/** A cursor that is not one this server made for this list or search: the client should start again without it. */
export class InvalidCursorError extends InvalidInputError {
  constructor(reason: string) {
    super(`Invalid cursor (${reason}): start again from the first page, without a cursor.`);
    this.name = 'InvalidCursorError';
  }
}

export interface ListCursor {
  /** created_at as PostgreSQL prints it in UTC, microseconds included: `2025-03-15T12:00:00.123456`. */
  createdAt: string;
  id: number;
}

export interface SearchCursor {
  tier: number;
  offset: number;
}

const MAX_CURSOR_LENGTH = 256;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{6})$/;
const INT4_MAX = 2_147_483_647;
/** Search offsets beyond this are refused: nobody pages 1,000 results deep, and OFFSET is linear. */
export const MAX_SEARCH_OFFSET = 10_000;

function digest(text: string, length: number): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, length);
}

function seal(payload: string): string {
  return Buffer.from(`${payload}|${digest(`snapnotes-cursor|${payload}`, 12)}`, 'utf8').toString('base64url');
}

function open(cursor: string): string[] {
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH) {
    throw new InvalidCursorError('wrong length');
  }
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new InvalidCursorError('not base64url');
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const cut = text.lastIndexOf('|');
  if (cut < 0) throw new InvalidCursorError('malformed');
  const payload = text.slice(0, cut);
  if (text.slice(cut + 1) !== digest(`snapnotes-cursor|${payload}`, 12)) throw new InvalidCursorError('altered');
  return payload.split('|');
}

/** A digest of the normalised query, so a search cursor only continues the search it came from. */
export function queryKey(q: string): string {
  return digest(q.trim().toLowerCase(), 16);
}

export function encodeListCursor(c: ListCursor): string {
  return seal(`l1|${c.createdAt}|${c.id}`);
}

export function decodeListCursor(cursor: string): ListCursor {
  const parts = open(cursor);
  if (parts[0] === 's1') throw new InvalidCursorError('a search cursor, given without the search');
  if (parts.length !== 3 || parts[0] !== 'l1') throw new InvalidCursorError('malformed');
  const createdAt = parts[1]!;
  const m = TIMESTAMP.exec(createdAt);
  if (!m) throw new InvalidCursorError('malformed time');
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  // The text goes to PostgreSQL as a timestamp: a date it would refuse (Feb 30, hour 25) is refused here, not there.
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (
    y < 1 ||
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== mo - 1 ||
    date.getUTCDate() !== d ||
    date.getUTCHours() !== h ||
    date.getUTCMinutes() !== mi ||
    date.getUTCSeconds() !== s
  ) {
    throw new InvalidCursorError('malformed time');
  }
  const id = parts[2]!;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > INT4_MAX) throw new InvalidCursorError('malformed id');
  return { createdAt, id: Number(id) };
}

export function encodeSearchCursor(q: string, c: SearchCursor): string {
  return seal(`s1|${queryKey(q)}|${c.tier}|${c.offset}`);
}

export function decodeSearchCursor(q: string, cursor: string, tiers: number): SearchCursor {
  const parts = open(cursor);
  if (parts[0] === 'l1') throw new InvalidCursorError('a list cursor, given with a search');
  if (parts.length !== 4 || parts[0] !== 's1') throw new InvalidCursorError('malformed');
  if (parts[1] !== queryKey(q)) throw new InvalidCursorError('it belongs to another search');
  const [tier, offset] = [parts[2]!, parts[3]!];
  if (!/^\d$/.test(tier) || Number(tier) >= tiers) throw new InvalidCursorError('malformed tier');
  if (!/^\d{1,6}$/.test(offset) || Number(offset) > MAX_SEARCH_OFFSET) throw new InvalidCursorError('bad offset');
  return { tier: Number(tier), offset: Number(offset) };
}
