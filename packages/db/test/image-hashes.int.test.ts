/**
 * ImageHashesRepo (migration 0010, issue 25 duplicates) on real PostgreSQL: per-user only, the note's owner checked
 * on write, rows gone with their note, the nearest pHash first with the distance PostgreSQL computes, and a lookup
 * among 10,000 notes of one user that stays fast.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageHashesRepo, InvalidInputError, UsersRepo, type UserRow } from '../src/index.js';
import { makeUser, migratedDatabase, type MigratedDb } from './helpers.js';

let h: MigratedDb;
let repo: ImageHashesRepo;
let alice: UserRow;
let bob: UserRow;

beforeAll(async () => {
  h = await migratedDatabase();
  repo = new ImageHashesRepo(h.db);
  const users = new UsersRepo(h.db);
  [alice, bob] = [await makeUser(users, 'alice-hashes'), await makeUser(users, 'bob-hashes')];
});
afterAll(async () => {
  await h?.dispose();
});

async function note(userId: number, title: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into notes (user_id, title, key_points, detailed_summary, original_text, kind, word_count, image_count, engine)
    values (${userId}, ${title}, '[]'::jsonb, '', '', 'text', 0, 1, 'test') returning id`.execute(h.db);
  return rows[0]!.id;
}

const sha = (s: string) => createHash('sha256').update(s).digest();
const image = (name: string, phash: bigint, imageIndex = 0) => ({
  imageIndex,
  sha256: sha(name),
  phash,
  fingerprint: Buffer.from(name),
});
function popcount(x: bigint): number {
  let v = BigInt.asUintN(64, x);
  let n = 0;
  for (; v; v &= v - 1n) n++;
  return n;
}

describe('ImageHashesRepo', () => {
  it("records a note's images for its owner only, and finds exact bytes per user", async () => {
    const aliceNote = await note(alice.id, 'Alice chat');
    expect(await repo.record(aliceNote, alice.id, [image('a0', 0x0fn), image('a1', -1n, 1)])).toBe(2);
    // Bob cannot attach hashes to Alice's note.
    expect(await repo.record(aliceNote, bob.id, [image('b0', 1n, 2)])).toBe(0);
    // Recorded again: left as it is.
    expect(await repo.record(aliceNote, alice.id, [image('a0', 0x0fn)])).toBe(0);

    expect(await repo.findExact(alice.id, sha('a1'))).toEqual({
      noteId: aliceNote,
      title: 'Alice chat',
      imageIndex: 1,
    });
    expect(await repo.findExact(bob.id, sha('a1'))).toBeUndefined();
    await expect(repo.findExact(alice.id, Buffer.alloc(3))).rejects.toThrow(InvalidInputError);
  });

  it('returns the nearest pHashes first, within the distance, with their fingerprints; never another user’s', async () => {
    const user = await makeUser(new UsersRepo(h.db), 'carol-hashes');
    const base = 0x5555_aaaa_1234_8765n;
    const flips = [0, 3, 1, 12, 40];
    const ids: number[] = [];
    for (const [i, bits] of flips.entries()) {
      const id = await note(user.id, `note ${i}`);
      ids.push(id);
      const mask = bits === 0 ? 0n : (1n << BigInt(bits)) - 1n;
      await repo.record(id, user.id, [image(`c${i}`, BigInt.asIntN(64, base ^ mask))]);
    }
    const other = await note(bob.id, 'Bob same hash');
    await repo.record(other, bob.id, [image('bob-same', BigInt.asIntN(64, base))]);

    const near = await repo.nearest(user.id, BigInt.asIntN(64, base), 12, 10);
    expect(near.map((n) => [n.noteId, n.distance])).toEqual([
      [ids[0], 0],
      [ids[2], 1],
      [ids[1], 3],
      [ids[3], 12],
    ]);
    expect(near[0]!.fingerprint).toEqual(Buffer.from('c0'));
    expect(near[0]!.title).toBe('note 0');
    expect((await repo.nearest(user.id, BigInt.asIntN(64, base), 12, 2)).length).toBe(2);
    // A deleted note takes its images with it.
    await sql`delete from notes where id = ${ids[0]!}`.execute(h.db);
    expect((await repo.nearest(user.id, BigInt.asIntN(64, base), 0, 10)).length).toBe(0);
    await expect(repo.nearest(user.id, 0n, 65, 1)).rejects.toThrow(InvalidInputError);
  });

  it('looks up one user among 10,000 notes (and 10,000 of another user) in milliseconds', async () => {
    const [dora, eve] = [
      await makeUser(new UsersRepo(h.db), 'dora-hashes'),
      await makeUser(new UsersRepo(h.db), 'eve-hashes'),
    ];
    for (const user of [dora, eve]) {
      await sql`
        with made as (
          insert into notes (user_id, title, key_points, detailed_summary, original_text, kind, word_count, image_count, engine)
          select ${user.id}, 'n' || g, '[]'::jsonb, '', '', 'text', 0, 1, 'test' from generate_series(1, 10000) g
          returning id
        )
        insert into image_hashes (note_id, image_index, user_id, sha256, phash, fingerprint)
        select id, 0, ${user.id}, sha256(id::text::bytea),
          ('x' || substr(md5(id::text), 1, 16))::bit(64)::bigint, decode(repeat('ab', 4400), 'hex')
        from made`.execute(h.db);
    }
    await sql`analyze image_hashes`.execute(h.db);
    const probe = BigInt.asIntN(64, 0x0123_4567_89ab_cdefn);
    const timings: number[] = [];
    let near: Awaited<ReturnType<ImageHashesRepo['nearest']>> = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      near = await repo.nearest(dora.id, probe, 24, 8);
      await repo.findExact(dora.id, sha('nothing'));
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    const p50 = timings[10]!;
    console.log(`image_hashes lookup at 10,000 notes: p50 ${p50.toFixed(1)} ms, max ${timings.at(-1)!.toFixed(1)} ms`);
    // Generous for a shared two-core machine under load (measured there: p50 75 ms at a load average of 30, the
    // scan itself 19 ms); reading every fingerprint (8.8 kB each) instead of the 8 nearest would be far slower.
    expect(p50).toBeLessThan(250);
    for (const n of near) {
      const { rows } = await sql<{ phash: string }>`select phash from image_hashes where note_id = ${n.noteId}`.execute(
        h.db,
      );
      expect(popcount(BigInt(rows[0]!.phash) ^ probe)).toBe(n.distance);
    }
    expect(near.every((n, i) => i === 0 || near[i - 1]!.distance <= n.distance)).toBe(true);
  });
});
