import { describe, expect, it } from 'vitest';
import { buildStandInUser } from './server-user.js';

describe('buildStandInUser', () => {
  it("uses the email prefix, else 'user' / 'User'", () => {
    expect(buildStandInUser({ uid: 'u', email: 'kim@example.com', displayName: 'Kim Lee', photoURL: null })).toEqual({
      id: -1,
      firebaseUid: 'u',
      email: 'kim@example.com',
      username: 'kim',
      displayName: 'Kim Lee',
      photoURL: '',
      ocrLanguages: null,
    });
    expect(
      buildStandInUser({ uid: 'u', email: 'kim@example.com', displayName: null, photoURL: null }).displayName,
    ).toBe('kim');
    const anonymous = buildStandInUser({ uid: 'u', email: null, displayName: null, photoURL: null });
    expect(anonymous).toMatchObject({ username: 'user', displayName: 'User', email: '' });
  });
});
