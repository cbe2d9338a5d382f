// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SummaryMarkdown } from './summary-markdown.js';

afterEach(cleanup);

function renderSummary(text: string): HTMLElement {
  render(<SummaryMarkdown text={text} />);
  return screen.getByTestId('summary-markdown');
}

const RECEIPT = [
  'Groceries at Corner Market.',
  '',
  '- Coffee beans 1lb: $12.99',
  '- Spinach: $3.49',
  '',
  '| Item | Qty | Price |',
  '| :--- | ---: | ---: |',
  '| Coffee beans | 1 | 12.99 |',
  '| Spinach | 2 | 6.98 |',
  '',
  '```python',
  'def total(items):',
  '    return sum(i.price for i in items)',
  '```',
  '',
  'Paid with `VISA` ending 4242.',
].join('\n');

describe('SummaryMarkdown', () => {
  it('renders a GFM table with its cells, list items and a fenced code block', () => {
    const root = renderSummary(RECEIPT);

    const table = root.querySelector('table');
    expect(table).not.toBeNull();
    expect([...table!.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Item', 'Qty', 'Price']);
    const rows = [...table!.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['Coffee beans', '1', '12.99'],
      ['Spinach', '2', '6.98'],
    ]);
    // A wide table scrolls inside its own box on a narrow screen.
    expect(table!.parentElement?.className).toContain('overflow-x-auto');

    expect([...root.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual([
      'Coffee beans 1lb: $12.99',
      'Spinach: $3.49',
    ]);

    const code = root.querySelector('pre > code');
    expect(code).not.toBeNull();
    expect(code!.className).toContain('language-python');
    expect(code!.textContent).toBe('def total(items):\n    return sum(i.price for i in items)\n');
    expect(code!.parentElement!.className).toContain('overflow-x-auto');

    // Inline code stays inline, in a <code> that is not in a <pre>.
    const inline = [...root.querySelectorAll('code')].find((el) => el.textContent === 'VISA');
    expect(inline?.closest('pre')).toBeNull();
  });

  it('shows raw HTML as text, never as elements', () => {
    const root = renderSummary(
      [
        '<script>window.hacked = true</script>',
        '',
        'A photo <img src="x" onerror="window.hacked = true"> and <b>bold</b>.',
        '',
        '<iframe src="https://example.com"></iframe>',
      ].join('\n'),
    );
    expect(root.querySelector('script, img, iframe, b')).toBeNull();
    expect(root.querySelector('[onerror]')).toBeNull();
    expect(root.textContent).toContain('<script>window.hacked = true</script>');
    expect(root.textContent).toContain('<img src="x" onerror="window.hacked = true">');
    expect(root.textContent).toContain('<b>bold</b>');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('drops javascript: and other unsafe link URLs and opens safe links in a new tab', () => {
    const root = renderSummary(
      [
        '[Click me](javascript:alert(1)) and <javascript:alert(2)>',
        '[Data](data:text/html;base64,PHNjcmlwdD4=) and [Local](/app/settings)',
        '[Docs](https://example.com/docs) and [Mail](mailto:team@example.com) and https://example.org',
      ].join('\n\n'),
    );
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://example.com/docs', 'mailto:team@example.com', 'https://example.org']);
    // No attribute anywhere carries them (the autolink's text may show, as text).
    const attributes = [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.value));
    expect(attributes.filter((value) => /javascript:|data:/i.test(value))).toEqual([]);
    expect(root.textContent).toContain('javascript:alert(2)');
    expect(screen.getByText('Click me').tagName).toBe('SPAN');
    expect(screen.getByText('Local').closest('a')).toBeNull();

    const docs = screen.getByRole('link', { name: 'Docs' });
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('shows an image as its description, without loading it', () => {
    const root = renderSummary('Before ![a chart of sales](https://example.com/chart.png) after');
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toBe('Before a chart of sales after');
  });

  it('keeps a plain-text summary as it was: paragraphs and line breaks', () => {
    const root = renderSummary('First line\nsecond line.\n\nA new paragraph.');
    const paragraphs = [...root.querySelectorAll('p')];
    expect(paragraphs.map((p) => p.textContent)).toEqual(['First line\nsecond line.', 'A new paragraph.']);
    expect(paragraphs[0]!.className).toContain('whitespace-pre-line');
  });

  it('puts summary headings below the card title (h4 and down)', () => {
    const root = renderSummary('# Totals\n\n## By region\n\ntext');
    expect(root.querySelector('h1, h2, h3')).toBeNull();
    expect(screen.getByRole('heading', { level: 4, name: 'Totals' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 5, name: 'By region' })).toBeTruthy();
  });
});
