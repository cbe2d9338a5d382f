import { describe, expect, it, vi } from 'vitest';
import { FakeIdentity } from '../../test/fake-identity.js';
import type { FirebaseWebConfig } from '../../lib/runtime-config.js';
import type { FirebaseIdentity } from './firebase.js';
import type { IdentityUser } from './identity.js';
import { createIdentityClient } from './lazy-identity.js';

const config: FirebaseWebConfig = { apiKey: 'k', authDomain: 'd', projectId: 'p' } as FirebaseWebConfig;
const ann: IdentityUser = { uid: 'ann', email: 'ann@example.com', displayName: 'Ann', photoURL: null };

/** The SDK stand-in: a FakeIdentity behind a load that the test counts (and can make fail). */
function sdk(savedUser: IdentityUser | null = null) {
  const fake = new FakeIdentity();
  fake.current = savedUser;
  const load = vi.fn(async (): Promise<FirebaseIdentity> => ({
    client: fake,
    signInWithGoogleIdToken: async () => {},
  }));
  return { fake, load };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createIdentityClient (Firebase loaded on demand)', () => {
  it('with no stored sign-in, answers "nobody" without loading the SDK', async () => {
    const { load } = sdk();
    const client = createIdentityClient(config, { load, savedSession: async () => false });
    const seen: (IdentityUser | null)[] = [];
    client.onAuthStateChanged((user) => seen.push(user));
    expect(await client.getRedirectResult()).toBeNull();
    await settle();
    expect(seen).toEqual([null]);
    expect(client.currentUser()).toBeNull();
    expect(await client.getIdToken()).toBeNull();
    await client.signOut();
    expect(load).not.toHaveBeenCalled();
  });

  it('with a stored sign-in, loads the SDK at start and reports its user', async () => {
    const { load, fake } = sdk(ann);
    const client = createIdentityClient(config, { load, savedSession: async () => true });
    const seen: (IdentityUser | null)[] = [];
    client.onAuthStateChanged((user) => seen.push(user));
    expect(await client.getRedirectResult()).toBeNull();
    await settle();
    expect(load).toHaveBeenCalledOnce();
    expect(seen).toEqual([ann]);
    expect(client.currentUser()).toEqual(ann);
    expect(await client.getIdToken()).toBe('token-for-ann');
    expect(fake.calls).toContain('getRedirectResult');
  });

  it('a sign-in loads the SDK once, and listeners that said "nobody" then hear of the new user', async () => {
    const { load, fake } = sdk();
    fake.popupResult = ann;
    const client = createIdentityClient(config, { load, savedSession: async () => false });
    const seen: (IdentityUser | null)[] = [];
    const unsubscribe = client.onAuthStateChanged((user) => seen.push(user));
    await settle();
    client.prepare();
    client.prepare();
    expect(await client.signInWithPopup()).toEqual(ann);
    await settle();
    expect(load).toHaveBeenCalledOnce();
    expect(seen).toEqual([null, null, ann]);
    unsubscribe();
    await client.signOut();
    expect(seen).toEqual([null, null, ann]);
    expect(fake.calls).toContain('signOut');
  });

  it('a failed load says "nobody" at start, and the next sign-in tries again', async () => {
    const { fake } = sdk();
    fake.popupResult = ann;
    const load = vi
      .fn<() => Promise<FirebaseIdentity>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ client: fake, signInWithGoogleIdToken: async () => {} });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createIdentityClient(config, { load, savedSession: async () => true });
    const seen: (IdentityUser | null)[] = [];
    client.onAuthStateChanged((user) => seen.push(user));
    await settle();
    expect(seen).toEqual([null]);
    expect(await client.signInWithPopup()).toEqual(ann);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('without a configuration, sign-in is unavailable', () => {
    expect(createIdentityClient(null).configured).toBe(false);
  });
});
