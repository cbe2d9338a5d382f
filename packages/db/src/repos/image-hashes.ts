import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { assertId, InvalidInputError } from '../errors.js';

/** What the duplicate check keeps of one image of a note (migration 0010). */
export interface ImageHashInput {
  /** Position in the note's upload, 0-based. */
  imageIndex: number;
  /** SHA-256 of the file's bytes (32 bytes). */
  sha256: Buffer;
  /** 64-bit perceptual hash (signed, as PostgreSQL's bigint). */
  phash: bigint;
  /** The small grey image the near candidates are compared with. */
  fingerprint: Buffer;
}

/** An image of one of the user's notes. */
export interface HashedImage {
  noteId: number;
  title: string;
  imageIndex: number;
}

/** A near candidate: its pHash `distance` (bits, 0–64) and its fingerprint. */
export interface NearImage extends HashedImage {
  distance: number;
  fingerprint: Buffer;
}

const MIN_BIGINT = -(2n ** 63n);
const MAX_BIGINT = 2n ** 63n - 1n;

export class ImageHashesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records the images of the user's note (a note of another user, or none, records nothing). An image already
   * recorded is left as it is. Returns how many rows were written.
   */
  async record(noteId: number, userId: number, images: readonly ImageHashInput[]): Promise<number> {
    assertId(noteId, 'Note id');
    assertId(userId, 'User id');
    if (images.length === 0) return 0;
    for (const image of images) checkImage(image);
    const result = await sql`
      insert into image_hashes (note_id, image_index, user_id, sha256, phash, fingerprint)
      select n.id, i.image_index, n.user_id, i.sha256, i.phash, i.fingerprint
      from notes n
      cross join unnest(
        ${images.map((i) => i.imageIndex)}::integer[], ${images.map((i) => i.sha256)}::bytea[],
        ${images.map((i) => i.phash.toString())}::bigint[], ${images.map((i) => i.fingerprint)}::bytea[]
      ) as i (image_index, sha256, phash, fingerprint)
      where n.id = ${noteId} and n.user_id = ${userId}
      on conflict do nothing`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** The user's first note (oldest) holding an image of exactly these bytes, or undefined. */
  async findExact(userId: number, sha256: Buffer): Promise<HashedImage | undefined> {
    assertId(userId, 'User id');
    if (sha256.length !== 32) throw new InvalidInputError(`sha256 must be 32 bytes (got ${sha256.length})`);
    return this.db
      .selectFrom('imageHashes as h')
      .innerJoin('notes as n', (join) => join.onRef('n.id', '=', 'h.noteId').onRef('n.userId', '=', 'h.userId'))
      .select(['h.noteId', 'n.title', 'h.imageIndex'])
      .where('h.userId', '=', userId)
      .where('h.sha256', '=', sha256)
      .orderBy('h.noteId')
      .orderBy('h.imageIndex')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * The user's images whose pHash is at most `maxDistance` bits from `phash`, nearest first, at most `limit`. The
   * distances are computed over the user's rows from an index-only scan; only the chosen few are read whole.
   */
  async nearest(userId: number, phash: bigint, maxDistance: number, limit: number): Promise<NearImage[]> {
    assertId(userId, 'User id');
    if (phash < MIN_BIGINT || phash > MAX_BIGINT) throw new InvalidInputError('phash must be a signed 64-bit value');
    if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > 64) {
      throw new InvalidInputError(`maxDistance must be 0–64 (got ${maxDistance})`);
    }
    if (!Number.isInteger(limit) || limit < 1) throw new InvalidInputError(`limit must be positive (got ${limit})`);
    const { rows } = await sql<NearImage>`
      select c.note_id, c.image_index, c.distance, h.fingerprint, n.title
      from (
        select note_id, image_index, bit_count((phash # ${phash.toString()}::bigint)::bit(64))::integer as distance
        from image_hashes
        where user_id = ${userId}
          and bit_count((phash # ${phash.toString()}::bigint)::bit(64)) <= ${maxDistance}
        order by distance, note_id, image_index
        limit ${limit}
      ) c
      join image_hashes h on h.note_id = c.note_id and h.image_index = c.image_index
      join notes n on n.id = c.note_id and n.user_id = ${userId}
      order by c.distance, c.note_id, c.image_index`.execute(this.db);
    return rows;
  }
}

function checkImage(image: ImageHashInput): void {
  if (!Number.isInteger(image.imageIndex) || image.imageIndex < 0) {
    throw new InvalidInputError(`imageIndex must be a non-negative integer (got ${image.imageIndex})`);
  }
  if (image.sha256.length !== 32) throw new InvalidInputError(`sha256 must be 32 bytes (got ${image.sha256.length})`);
  if (image.phash < MIN_BIGINT || image.phash > MAX_BIGINT) {
    throw new InvalidInputError('phash must be a signed 64-bit value');
  }
  if (image.fingerprint.length === 0) throw new InvalidInputError('fingerprint must not be empty');
}
