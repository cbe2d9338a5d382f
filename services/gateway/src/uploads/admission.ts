/**
 * Upload admission (DECISIONS "Upload admission"): what is decided before a single body byte is read (the body's
 * declared size: 413; the caller's uploads in progress: 429 with Retry-After), and the gateway-wide places an upload
 * takes while its bytes are checked and stored, waited for in turn (never refused: waiting costs a few bytes, the
 * files are on disk). Receiving a body takes none of them, so stalled bodies block nobody; they are given up after
 * UPLOAD_BODY_IDLE_MS (body-idle.ts).
 */
import pLimit, { type LimitFunction } from 'p-limit';
import { ErrorCode, MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@snapnotes/contracts';
import { HttpError } from '../errors.js';

const UPGRADE_MESSAGE = "You've used all your free uploads. Please subscribe to continue.";

/** The 402 of an upload with no allowance left (SPEC §8: the client shows the upgrade panel). */
export function upgradeRequired(): HttpError {
  return new HttpError(402, ErrorCode.UpgradeRequired, UPGRADE_MESSAGE, { upgradeRequired: true });
}

/**
 * The largest body a valid upload can have: 10 files of 10 MB plus the multipart framing (boundaries, part headers,
 * the userId field): 1 MiB is far more than 10 parts' headers need. A larger Content-Length is refused unread.
 */
export const MAX_UPLOAD_BODY_BYTES = MAX_FILES_PER_UPLOAD * MAX_FILE_BYTES + 1024 * 1024;
/** Retry-After of the admission refusals: an upload in progress takes seconds (processing up to minutes). */
export const BUSY_RETRY_AFTER_SECONDS = 10;
/** A place taken by `UploadAdmission.admit`; each release runs once, whatever calls it. */
export interface AdmissionTicket {
  subscribed: boolean;
  /** The allowance is now held by the database reservation (or the upload ended before it). */
  reserved(): void;
  /** The body has been read (or given up): it no longer counts as being received. */
  bodyDone(): void;
  /** The request is over: frees everything still held. */
  release(): void;
}

/**
 * In-process counters of uploads in progress, and the gateway-wide places for checking and storing. The per-user
 * check-and-take is one synchronous step after the awaited lookups, so concurrent requests cannot all slip through,
 * and it refuses at once (429 with Retry-After). The gateway-wide places are p-limit's queue: an upload whose body is
 * on disk waits its turn (FIFO) to be checked and stored (up to 10 files of 10 MB, three read into memory at a
 * time), so memory stays bounded by `overall` uploads however many arrive together.
 */
export class UploadAdmission {
  /** Requests per user that are past admission and not finished. */
  private readonly active = new Map<number, number>();
  /** Requests per user admitted on the allowance but not reserved in the database yet. */
  private readonly unreserved = new Map<number, number>();
  private bodies = 0;
  private readonly places: LimitFunction;

  constructor(
    readonly perUser: number,
    overall: number,
  ) {
    this.places = pLimit(overall);
  }

  /** Upload bodies being received on this gateway (counted, not capped: see the class comment). */
  get receiving(): number {
    return this.bodies;
  }

  /** Uploads being checked and stored now, and those waiting for a place. */
  get storing(): { active: number; waiting: number } {
    return { active: this.places.activeCount, waiting: this.places.pendingCount };
  }

  activeFor(userId: number): number {
    return this.active.get(userId) ?? 0;
  }

  /** Runs `fn` (an upload's checks and storing) in one of the gateway-wide places, waiting in turn for one. */
  inPlace<T>(fn: () => Promise<T>): Promise<T> {
    return this.places(fn);
  }

  /**
   * Decides from the (already looked-up) allowance and takes the caller's place, in one synchronous step. `remaining`
   * is null for subscribers. Uploads admitted but not yet reserved count against the allowance, as reserved ones do
   * in the database ("uploads in progress count"), so 20 simultaneous uploads with one left admit exactly one.
   * `body: false` (a note's re-read, which reads its images from the store, not from the request) counts no body.
   */
  admit(userId: number, remaining: number | null, { body = true }: { body?: boolean } = {}): AdmissionTicket {
    if (remaining !== null && remaining - (this.unreserved.get(userId) ?? 0) <= 0) {
      throw upgradeRequired();
    }
    if (this.activeFor(userId) >= this.perUser) {
      throw new HttpError(
        429,
        ErrorCode.UploadsInProgress,
        `You already have ${this.perUser} ${this.perUser === 1 ? 'upload' : 'uploads'} in progress. ` +
          'Wait for them to finish, then try again.',
        {},
        { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
      );
    }
    const add = (map: Map<number, number>, delta: number) => {
      const next = (map.get(userId) ?? 0) + delta;
      if (next <= 0) map.delete(userId);
      else map.set(userId, next);
    };
    add(this.active, 1);
    if (remaining !== null) add(this.unreserved, 1);
    if (body) this.bodies++;
    let holdsReservation = remaining !== null;
    let holdsBody = body;
    let holdsUser = true;
    const ticket: AdmissionTicket = {
      subscribed: remaining === null,
      reserved: () => {
        if (!holdsReservation) return;
        holdsReservation = false;
        add(this.unreserved, -1);
      },
      bodyDone: () => {
        if (!holdsBody) return;
        holdsBody = false;
        this.bodies--;
      },
      release: () => {
        ticket.reserved();
        ticket.bodyDone();
        if (!holdsUser) return;
        holdsUser = false;
        add(this.active, -1);
      },
    };
    return ticket;
  }
}

export function serverBusy(): HttpError {
  return new HttpError(
    503,
    ErrorCode.ServerBusy,
    'The server is busy with other uploads. Please try again in a few seconds.',
    {},
    { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
  );
}

/** The body is larger than any valid upload: refused from its Content-Length, before a byte is read. */
export function checkDeclaredSize(contentLength: number | undefined): void {
  if (contentLength === undefined || contentLength <= MAX_UPLOAD_BODY_BYTES) return;
  const mb = Math.round(MAX_FILE_BYTES / (1024 * 1024));
  throw new HttpError(
    413,
    ErrorCode.UploadTooLarge,
    `The upload is too large: send at most ${MAX_FILES_PER_UPLOAD} images of ${mb} MB each ` +
      `(${Math.round(MAX_UPLOAD_BODY_BYTES / (1024 * 1024))} MB in all).`,
  );
}
