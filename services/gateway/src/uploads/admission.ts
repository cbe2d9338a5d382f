/**
 * Upload admission (DECISIONS "Upload admission"): what is decided before a single body byte is read. The body's
 * declared size (413), and the places an upload takes while it is received: the caller's uploads in progress (429)
 * and the gateway's (503), both answered with Retry-After.
 */
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
  /** The body has been read, checked and stored (or given up): the gateway-wide place is free. */
  bodyDone(): void;
  /** The request is over: frees everything still held. */
  release(): void;
}

/**
 * In-process counters of uploads in progress. Hand-written rather than p-limit: admission must refuse at once
 * (429/503 with Retry-After), never queue a body the client is still sending, and the check-and-take must be one
 * synchronous step after the awaited lookups so concurrent requests cannot all slip through.
 */
export class UploadAdmission {
  /** Requests per user that are past admission and not finished. */
  private readonly active = new Map<number, number>();
  /** Requests per user admitted on the allowance but not reserved in the database yet. */
  private readonly unreserved = new Map<number, number>();
  private bodies = 0;

  constructor(
    readonly perUser: number,
    readonly overall: number,
  ) {}

  /** Uploads being received, checked or stored on this gateway. */
  get receiving(): number {
    return this.bodies;
  }

  activeFor(userId: number): number {
    return this.active.get(userId) ?? 0;
  }

  /**
   * Decides from the (already looked-up) allowance and takes the places, in one synchronous step. `remaining` is
   * null for subscribers. Uploads admitted but not yet reserved count against the allowance, as reserved ones do
   * in the database ("uploads in progress count"), so 20 simultaneous uploads with one left admit exactly one.
   * `body: false` (a note's re-read, which reads its images from the store, not from the request) takes the user's
   * place only: the gateway-wide places are for bodies being received.
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
    if (body && this.bodies >= this.overall) throw serverBusy();
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
