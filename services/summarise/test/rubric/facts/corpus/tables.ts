/**
 * Tables, spreadsheets and statements: quarterly sales, a bank statement, a budget, a grade sheet, stock levels.
 * Facts: the grand total (or the largest row, named) in a key point, and the title naming what the table is about
 * (words of its caption).
 */
import { amount, inKeyPoint, inTitle, largest, page, phrase, textPage } from '../build.js';
import type { FactItem } from '../types.js';

export const tables: FactItem[] = [
  {
    id: 'table-quarterly-sales',
    kind: 'table',
    language: 'eng',
    pages: [
      page('sales-2024.png', 1600)
        .para('File Edit View Insert Format Data Tools Extensions Help')
        .heading('Quarterly sales by region, 2024 (€ thousands)')
        .row('Region', 'Q1', 'Q2', 'Q3', 'Q4', 'Total')
        .row('North', '412', '398', '455', '501', '1,766')
        .row('South', '288', '305', '296', '340', '1,229')
        .row('East', '351', '362', '389', '410', '1,512')
        .row('West', '190', '214', '236', '268', '908')
        .row('Total', '1,241', '1,279', '1,376', '1,519', '5,415')
        .para('Sheet1   Sheet2   +')
        .page(),
    ],
    facts: [
      inKeyPoint('grand total 5,415', amount(5415)),
      inTitle('subject: quarterly sales by region', phrase('quarterly sales', 'sales by region')),
    ],
    furniture: ['Sheet1', 'File Edit View Insert Format Data Tools Extensions Help'],
  },
  {
    id: 'table-bank-statement',
    kind: 'table',
    language: 'eng',
    pages: [
      page('statement_march.png', 1240)
        .para('9:41 all 80%', 72)
        .heading('Current account statement')
        .para('Account 40-11-62 21894410 · 1 March – 31 March 2025')
        .row('Date', 'Description', 'Amount', 'Balance')
        .row('01 Mar', 'Opening balance', '', '2,140.35')
        .row('01 Mar', 'Rent - Oakwood Lettings', '-950.00', '1,190.35')
        .row('03 Mar', 'Salary - Acme Logistics Ltd', '+2,480.00', '3,670.35')
        .row('05 Mar', 'Tesco Stores 2241', '-64.18', '3,606.17')
        .row('09 Mar', 'Council tax DD', '-142.00', '3,464.17')
        .row('14 Mar', 'Octopus Energy DD', '-88.40', '3,375.77')
        .row('21 Mar', 'Netflix.com', '-10.99', '3,364.78')
        .row('27 Mar', 'Transfer to savings', '-400.00', '2,964.78')
        .row('31 Mar', 'Closing balance', '', '2,964.78')
        .para('Home   Payments   Cards   Help')
        .page(),
    ],
    facts: [
      inKeyPoint('closing balance 2,964.78', amount(2964.78)),
      inTitle('subject: account statement', phrase('statement', 'current account')),
    ],
    furniture: ['Home Payments Cards Help'],
  },
  {
    // A budget photographed from a laptop: OCR read it as text, the cells apart by TABs.
    id: 'table-household-budget',
    kind: 'table',
    language: 'eng',
    pages: [
      textPage(
        'budget_april.jpg',
        [
          'Monthly budget - April 2025',
          'Category\tBudget\tActual\tDifference',
          'Rent\t1,150\t1,150\t0',
          'Groceries\t420\t468\t-48',
          'Transport\t160\t142\t18',
          'Utilities\t210\t236\t-26',
          'Eating out\t150\t205\t-55',
          'Savings\t500\t500\t0',
          'Total\t2,590\t2,701\t-111',
          '|',
        ].join('\n'),
        'Monthly budget - April 2025',
      ),
    ],
    facts: [inKeyPoint('total spent 2,701', amount(2701)), inTitle('subject: monthly budget', phrase('budget'))],
  },
  {
    id: 'table-grade-sheet',
    kind: 'table',
    language: 'eng',
    pages: [
      page('bio201_grades.png', 1400)
        .heading('BIO 201 - Midterm exam grades, spring 2025')
        .row('Student', 'ID', 'Lab (30)', 'Exam (70)', 'Total', 'Grade')
        .row('Amara Osei', '20431', '28', '66', '94', 'A')
        .row('Ben Fischer', '20117', '24', '51', '75', 'B')
        .row('Chloé Martin', '20388', '27', '58', '85', 'A-')
        .row('Diego Ruiz', '20502', '19', '44', '63', 'C')
        .row('Elif Kaya', '20266', '26', '61', '87', 'A-')
        .row('Farid Haddad', '20345', '22', '47', '69', 'C+')
        .row('Class average', '', '24.3', '54.5', '78.8', '')
        .para('Canvas · Gradebook · Export')
        .page(),
    ],
    facts: [
      inKeyPoint('top student Amara Osei, named as such', largest('Amara Osei')),
      inTitle('subject: midterm grades', phrase('midterm', 'grades')),
    ],
    furniture: ['Canvas · Gradebook · Export'],
  },
  {
    id: 'table-warehouse-stock',
    kind: 'table',
    language: 'eng',
    pages: [
      page('stock_wk12.png', 1500)
        .heading('Warehouse stock by product - week 12')
        .row('SKU', 'Product', 'On hand', 'Reorder level', 'Status')
        .row('A-104', 'Trail running shoe', '340', '120', 'OK')
        .row('A-221', 'Waterproof jacket', '85', '100', 'Reorder')
        .row('B-310', 'Merino base layer', '512', '150', 'OK')
        .row('B-415', 'Hiking sock 3-pack', '1,204', '400', 'OK')
        .row('C-022', 'Headlamp 300 lm', '46', '60', 'Reorder')
        .row('Total', '', '2,187', '', '')
        .para('Updated 17 Mar 2025 06:00 by sync')
        .page(),
    ],
    facts: [
      inKeyPoint('largest row named: Hiking sock 3-pack', largest('Hiking sock')),
      inTitle('subject: warehouse stock', phrase('stock')),
    ],
    furniture: ['Updated 17 Mar 2025'],
  },
];
