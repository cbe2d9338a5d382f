import { describe, expect, it } from 'vitest';
import { noteSchema, userSchema } from '@snapnotes/contracts';
import { escapeLike, monthWindow, toApiNote, toApiUser, type NoteRow, type UserRow } from '../src/index.js';

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(escapeLike('50% off_now\\x')).toBe('50\\% off\\_now\\\\x');
    expect(escapeLike('plain text')).toBe('plain text');
  });
});

describe('monthWindow', () => {
  it('spans the UTC calendar month, across year ends', () => {
    expect(monthWindow(new Date('2025-03-15T12:00:00Z'))).toEqual({
      start: new Date('2025-03-01T00:00:00Z'),
      end: new Date('2025-04-01T00:00:00Z'),
    });
    expect(monthWindow(new Date('2024-12-31T23:59:59.999Z'))).toEqual({
      start: new Date('2024-12-01T00:00:00Z'),
      end: new Date('2025-01-01T00:00:00Z'),
    });
    // 00:30 on 1 April in UTC+2 is still March in UTC.
    expect(monthWindow(new Date('2025-04-01T00:30:00+02:00')).start).toEqual(new Date('2025-03-01T00:00:00Z'));
  });

  it('refuses an invalid date', () => {
    expect(() => monthWindow(new Date('garbage'))).toThrow(/valid Date/);
  });
});

describe('mappers', () => {
  it('turns a note row into the API note with ISO dates', () => {
    const row: NoteRow = {
      id: 7,
      userId: 3,
      uploadId: '6f1d2c4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f',
      title: 'T',
      keyPoints: ['a', 'b'],
      detailedSummary: 'S',
      originalText: 'O',
      kind: 'description',
      language: null,
      wordCount: 1,
      imageCount: 2,
      engine: 'local',
      titleEditedAt: null,
      contentKind: 'image',
      tags: ['image', 'sunset'],
      tagsEditedAt: null,
      createdAt: new Date('2025-01-02T03:04:05.006Z'),
      updatedAt: new Date('2025-01-03T00:00:00Z'),
    };
    const api = toApiNote(row);
    expect(noteSchema.strict().parse(api)).toEqual({
      id: 7,
      userId: 3,
      title: 'T',
      keyPoints: ['a', 'b'],
      detailedSummary: 'S',
      originalText: 'O',
      kind: 'description',
      imageCount: 2,
      wordCount: 1,
      language: null,
      contentKind: 'image',
      tags: ['image', 'sunset'],
      createdAt: '2025-01-02T03:04:05.006Z',
      updatedAt: '2025-01-03T00:00:00.000Z',
    });
    expect(api.keyPoints).not.toBe(row.keyPoints);
  });

  it('turns a user row into the API user (photoUrl → photoURL, no Stripe id)', () => {
    const row: UserRow = {
      id: 1,
      firebaseUid: 'uid',
      email: 'e@x.io',
      username: 'e',
      displayName: 'E',
      photoUrl: 'https://p',
      stripeCustomerId: 'cus_secret',
      ocrLanguages: null,
      usageKey: 'k'.repeat(43),
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    const api = toApiUser(row);
    expect(userSchema.strict().parse(api)).toEqual({
      id: 1,
      firebaseUid: 'uid',
      email: 'e@x.io',
      username: 'e',
      displayName: 'E',
      photoURL: 'https://p',
      ocrLanguages: null,
    });
    const chosen = toApiUser({ ...row, ocrLanguages: ['fra', 'eng'] });
    expect(chosen.ocrLanguages).toEqual(['fra', 'eng']);
    expect(chosen.ocrLanguages).not.toBe(row.ocrLanguages);
  });
});
