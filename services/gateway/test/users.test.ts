import { describe, expect, it } from 'vitest';
import { nextMonthStart } from '../src/quota.js';
import { usernameFor } from '../src/routes/users.js';

describe('usernameFor', () => {
  it('uses the email prefix, then the display name, then "user"', () => {
    expect(usernameFor('ada@example.com', 'Ada L')).toBe('ada');
    expect(usernameFor('', 'Ada Lovelace')).toBe('ada.lovelace');
    expect(usernameFor('', '')).toBe('user');
  });
});

describe('nextMonthStart', () => {
  it('rolls over at the start of the next UTC month, including December', () => {
    expect(nextMonthStart(new Date('2026-01-31T23:59:59Z')).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(nextMonthStart(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
