/**
 * Receipts and invoices (local/receipt.ts, local/receipt-facts.ts): the issuer, the date, the total with its
 * currency, the payment and the items, from receipts printed in different ways — rows from OCR's structure (cells)
 * and from plain text, the amount beside its label or on the row below, names above or below their numbers,
 * rounding, a total misread and recovered from what was tendered less the change.
 */
import type { PageBlock } from '@snapnotes/contracts';
import { describe, expect, it } from 'vitest';
import { createLocalSummariser } from '../src/local.js';
import { findDate, findIssuer, findTotal } from '../src/local/receipt-facts.js';
import { findReceipt } from '../src/local/receipt.js';
import { rowsOfBlocks, rowsOfText } from '../src/local/rows.js';
import { recordingLogger } from './logger.js';

const box = [0, 0, 10, 10] as [number, number, number, number];
const row = (...cells: string[]): PageBlock => ({
  kind: 'table-row',
  text: cells.join('\t'),
  cells,
  confidence: 95,
  box,
});
const para = (text: string, confidence = 95): PageBlock => ({ kind: 'paragraph', text, confidence, box });
const heading = (text: string): PageBlock => ({ kind: 'heading', text, confidence: 96, box });

/** A Malaysian tax invoice as PP-OCRv4 hands it over: the owner's name above the company, names below numbers. */
const hardware: PageBlock[] = [
  para('LIM AH KOW\nCHENG FATT HARDWARE TRADING\n(JM0417725-P)\nNO.12, JALAN BESI 3,\n81200 JOHOR BAHRU'),
  row('TEL', '07-5547360'),
  para('CASH SALES'),
  row('Doc No.', 'CS00012345', 'Date: 02/09/2023'),
  row('Cashier', 'USER', 'Time: 10:15:00'),
  row('ITEM', 'QTY', 'U/PRICE', 'AMOUNT'),
  row('10451', '2', '45.00', '90.00'),
  para('WATER PUMP 1HP'),
  row('20377', '1', '12.50', '12.50'),
  para('PVC ELBOW 25MM'),
  row('TOTAL QTY:', '3', '102.50'),
  row('Total Sales (Excluding GST)', '96.70'),
  row('Total GST', '5.80'),
  row('Total Sales (Inclusive of GST)', '102.50'),
  row('CASH', '110.00'),
  row('CHANGE', '7.50'),
  para('GST SUMMARY'),
  row('Total:', '96.70', '5.80'),
  para('GOODS SOLD ARE NOT RETURNABLE, THANK YOU.'),
];

describe('the facts of a receipt', () => {
  it('finds the company by its legal form, not the owner above it, and leaves out its registration number', () => {
    expect(findIssuer(rowsOfBlocks(hardware))?.name).toBe('Cheng Fatt Hardware Trading');
  });

  it('takes the total paid, not the total before tax nor the tax summary’s', () => {
    const rows = rowsOfBlocks(hardware);
    expect(findTotal(rows)?.amount.value).toBe(102.5);
  });

  it('reads the amount on the row below a label that stands alone', () => {
    const rows = rowsOfText('Coffee 3.20\nCake 4.10\nTOTAL\n7.30\nVISA 7.30');
    expect(findTotal(rows)?.amount.value).toBe(7.3);
  });

  it('takes the rounded amount paid when the receipt rounds to 5 cents', () => {
    const rows = rowsOfText(
      'Rice 10.99\nOil 7.99\nTotal Sales (Inclusive GST) RM 18.98\nRounding Adj -0.03\nRounding RM 18.95',
    );
    expect(findTotal(rows)?.amount.text).toBe('RM 18.95');
  });

  it('recovers a total whose amount OCR lost from what was tendered less the change', () => {
    const rows = rowsOfText('Tea 3.40\nBun 2.20\nTotal Sales Incl GST RM3.\nTendered: RM20.00\nChange: RM14.40');
    expect(findTotal(rows)?.amount.value).toBe(5.6);
  });

  it('reads dates as printed around the world, preferring a labelled one, with their time', () => {
    expect(findDate(rowsOfText('Ref 12-34-56\nDate: 02/09/2023 10:15'))).toBe('02/09/2023 10:15');
    expect(findDate(rowsOfText('Date ：31-03-201818:12:41'))).toBe('31-03-2018 18:12:41');
    expect(findDate(rowsOfText('10 0CT 2017 TUE'))).toBe('10 OCT 2017');
    expect(findDate(rowsOfText('Bon 4411  Oct 3, 2016 12:16:25 PM'))).toBe('Oct 3, 2016 12:16:25 PM');
    expect(findDate(rowsOfText('2016/05/01 09:12'))).toBe('2016/05/01 09:12');
    expect(findDate(rowsOfText('Part 12-12/72'))).toBeNull();
  });
});

describe('the note of a receipt', () => {
  const summarise = async (page: { text: string; heading?: string; blocks?: PageBlock[] }) => {
    const local = await createLocalSummariser({ logger: recordingLogger() });
    return local.summarise({ pages: [{ fileName: 'r.jpg', ...page }], premium: false, language: 'eng' });
  };

  it('is titled by the shop and carries the total with its currency, the date, the payment and the items', async () => {
    const text = hardware.map((b) => b.text.replace(/\t/g, ' ')).join('\n');
    const draft = await summarise({ text, blocks: hardware });
    expect(draft.title).toBe('Cheng Fatt Hardware Trading receipt');
    expect(draft.keyPoints).toContain('Total: 102.50');
    expect(draft.keyPoints).toContain('Date: 02/09/2023 10:15:00');
    expect(draft.keyPoints).toContain('Paid by cash');
    expect(draft.keyPoints.find((k) => k.startsWith('3 items'))).toContain('WATER PUMP 1HP (90.00)');
    expect(draft.detailedSummary).toContain('- PVC ELBOW 25MM: 12.50');
    expect(draft.keyPoints.join('\n')).not.toMatch(/thank you|jalan|tel/i);
  });

  it('reads a receipt that came as text only (no structure), names above their prices', async () => {
    const draft = await summarise({
      heading: 'BÄCKEREI SONNENSCHEIN',
      text: [
        'BÄCKEREI SONNENSCHEIN',
        'Hauptstraße 12, 80331 München',
        'Tel. 089 123456',
        'Roggenbrot 750g     3,90 €',
        'Brezel x2     1,60 €',
        'Apfelstrudel     2,80 €',
        'SUMME     8,30 €',
        'Bar     10,00 €',
        'Rückgeld     1,70 €',
        '14.02.2024 08:41',
        'Vielen Dank für Ihren Einkauf',
      ].join('\n'),
    });
    expect(draft.title).toBe('Bäckerei Sonnenschein receipt');
    expect(draft.keyPoints).toContain('Total: 8,30 €');
    expect(draft.keyPoints).toContain('Date: 14.02.2024 08:41');
    expect(draft.detailedSummary).toContain('- Roggenbrot 750g: 3,90 €');
  });

  it('is not mistaken for a chat when its cashier and time rows look like a sender and a message time', async () => {
    const blocks = [heading('SYARIKAT MAJU JAYA'), ...hardware.slice(3)];
    const draft = await summarise({ text: blocks.map((b) => b.text).join('\n'), blocks });
    expect(draft.title).toBe('Syarikat Maju Jaya receipt');
    expect(draft.title).not.toMatch(/chat/i);
  });

  it('finds no receipt in a price list without a total', () => {
    expect(findReceipt(rowsOfText('Menu\nEspresso 2.50\nLatte 3.20\nMocha 3.60'))).toBeNull();
  });
});

describe('a receipt whose total OCR could not read', () => {
  // The total's row misread ("Net Tota1 2S.", "c 50.00"): still a receipt, its total not guessed.
  const misread: PageBlock[] = [
    para('KEDAI RUNCIT SRI MAJU SDN BHD\n(123456-K)\n12, Jalan Merpati, 10400 Penang.'),
    para('TAX INVOICE'),
    row('Date', '03/05/2021 11:02 AM'),
    row('Cashier', 'AMINAH'),
    row('2', 'KUIH LAPIS @3.50', '7.00 SR'),
    row('1', 'TEH TARIK', '2.80 SR'),
    row('3', 'SubTotal', '9.80'),
    row('Net Tota1', '9.'),
    row('c', '50.00'),
    para('THANK YOU, PLEASE COME AGAIN'),
  ];

  it('is titled by its issuer, with its date, its subtotal and its items, and no junk line as a key point', async () => {
    const local = await createLocalSummariser({ logger: recordingLogger() });
    const d = await local.summarise({
      pages: [{ fileName: 'r.jpg', text: misread.map((b) => b.text).join('\n'), blocks: misread }],
      premium: false,
      language: 'eng',
    });
    expect(d.title).toBe('Kedai Runcit Sri Maju SDN BHD receipt');
    expect(d.keyPoints[0]).toBe('Subtotal: 9.80');
    expect(d.keyPoints).toContain('Date: 03/05/2021 11:02 AM');
    expect(d.keyPoints.join('\n')).not.toMatch(/Net Tota1|^c 50/m);
    expect(d.detailedSummary).toContain('The total could not be read.');
  });

  it('takes as its total the amount below the subtotal that is the subtotal with its tax', () => {
    const r = findReceipt(
      rowsOfText(
        'LIGHT HOUSE SDN BHD\nTAX INVOICE\nBill Date : 20/12/2017\nStation: CASHIER\nLED TRACK LIGHT 66.04\nT5 JOINT 2.83\nSub Total : RM 68.87\nService Charge RM 0.00\nGST/TAX 6% : RM 4.13\nWo, 8 RM 73.00\nCHANGE: RM 0.00',
      ),
    );
    expect(r?.total).toBe('RM 73.00');
    expect(r?.items.map((i) => i.name)).toEqual(['LED TRACK LIGHT', 'T5 JOINT']);
  });

  it('needs a till’s words: a price list with a date is no receipt', () => {
    const list = rowsOfText('Price list 03/05/2021\nKuih lapis 3.50\nTeh tarik 2.80\nNasi lemak 5.00');
    expect(findReceipt(list)).toBeNull();
  });
});
