import { describe, expect, it } from 'vitest';
import { isForeignShare, SHARE_MAX_AGE_MS, sortShares, type StoredShare } from './share-inbox.js';

const NOW = 1_800_000_000_000;
const file = { name: 'shot.png', type: 'image/png', blob: new Blob(['x']) };
const share = (id: string, owner: string | null | undefined, age = 0, files = [file]): StoredShare => ({
  id,
  createdAt: NOW - age,
  ...(owner === undefined ? {} : { owner }),
  files,
});

describe('sortShares: whose a waiting share is', () => {
  it("offers the signed-in account its own shares and those that arrived signed out, never another account's", () => {
    const { offered, dropped } = sortShares(
      [share('bob', 'uid-bob', 10), share('mine', 'uid-alice', 20), share('nobody', null, 30)],
      'uid-alice',
      NOW,
    );
    expect(offered.map((s) => s.id)).toEqual(['nobody', 'mine']); // oldest first
    expect(dropped).toEqual(['bob']);
  });

  it('reads a share kept by an older version (no owner) as one that arrived signed out', () => {
    expect(sortShares([share('old', undefined)], 'uid-alice', NOW).offered.map((s) => s.id)).toEqual(['old']);
  });

  it('drops a share older than a day, and one without files', () => {
    const { offered, dropped } = sortShares(
      [share('stale', 'uid-alice', SHARE_MAX_AGE_MS + 1), share('empty', 'uid-alice', 0, []), share('ok', null)],
      'uid-alice',
      NOW,
    );
    expect(offered.map((s) => s.id)).toEqual(['ok']);
    expect(dropped.sort()).toEqual(['empty', 'stale']);
  });
});

describe('isForeignShare: a POST to the share target sent by another website', () => {
  const OWN = 'https://snapnotes.example';
  const post = (origin?: string) =>
    new Request(`${OWN}/share-target`, { method: 'POST', headers: origin ? { Origin: origin } : {} });

  it('is refused when its Origin names another site', () => {
    expect(isForeignShare(post('https://evil.example'), OWN)).toBe(true);
    expect(isForeignShare(post('https://sub.snapnotes.example'), OWN)).toBe(true);
  });

  it("is taken (and asked about) when it has no origin, as the share sheet's navigation, or a hidden one", () => {
    expect(isForeignShare(post(), OWN)).toBe(false);
    expect(isForeignShare(post('null'), OWN)).toBe(false);
    expect(isForeignShare(post(OWN), OWN)).toBe(false);
  });
});
