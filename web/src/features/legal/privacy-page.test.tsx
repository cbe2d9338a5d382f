// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PrivacyPage, PRIVACY_SECTION_COUNT } from './privacy-page.js';

afterEach(cleanup);

function retentionText(): string {
  render(
    <MemoryRouter>
      <PrivacyPage />
    </MemoryRouter>,
  );
  const heading = screen.getByRole('heading', { name: /Data Retention$/, level: 2 });
  return heading.parentElement?.textContent ?? '';
}

describe('privacy policy: account deletion', () => {
  it('keeps its 10 sections', () => {
    expect(PRIVACY_SECTION_COUNT).toBe(10);
  });

  it('says exactly what deleting the account deletes, and what is kept', () => {
    const text = retentionText();
    expect(text).toContain('Deleting your account');
    for (const deleted of [
      'every note and every uploaded image',
      'processing queue',
      'feedback you sent',
      'cancelled immediately',
      'customer record at Stripe',
      'signed out on every device',
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(deleted);
    }
    expect(text).toContain('your account is not deleted');
    expect(text).toContain('number of free uploads used in the current month');
  });
});
