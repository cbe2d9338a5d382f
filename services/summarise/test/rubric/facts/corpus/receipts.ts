/**
 * Receipts and invoices from several countries (currencies, date formats, languages), some with OCR's structure
 * (table rows of item and price), some read as text only. Facts: the shop or issuer in the title, the total and the
 * date in a key point.
 */
import { amount, date, inKeyPoint, inTitle, page, shop, textPage } from '../build.js';
import type { FactItem } from '../types.js';

export const receipts: FactItem[] = [
  {
    id: 'receipt-uk-hartleys-grocer',
    kind: 'receipt',
    language: 'eng',
    pages: [
      page('IMG_4471.jpg', 720)
        .heading("HARTLEY'S GROCER")
        .para('12 Bridge Street, Ludlow SY8 1BU')
        .para('Tel 01584 872110   VAT No. GB 284 1193 27')
        .row('14/03/2025 11:42', 'Till 2', 'Op: Karen')
        .row('Sourdough loaf', '£3.20')
        .row('Free range eggs x12', '£4.15')
        .row('Mature cheddar 400g', '£5.60')
        .row('Leeks', '£1.35')
        .row('Orange juice 1L', '£2.49')
        .row('Ground coffee 227g', '£6.68')
        .row('SUBTOTAL', '£23.47')
        .row('TOTAL', '£23.47')
        .row('VISA CONTACTLESS', '£23.47')
        .para('6 items')
        .para('|', 31)
        .para('Thank you for shopping with us')
        .page(),
    ],
    facts: [
      inTitle('shop', shop("Hartley's Grocer")),
      inKeyPoint('total £23.47', amount(23.47)),
      inKeyPoint('date 14/03/2025', date('14/03/2025', 2025, 3, 14)),
    ],
    furniture: ['12 Bridge Street', 'VAT No', 'Till 2'],
  },
  {
    // A US café, photographed: text only, month first.
    id: 'receipt-us-bluebird-coffee',
    kind: 'receipt',
    language: 'eng',
    pages: [
      textPage(
        'PXL_20250308_081533.jpg',
        `Bluebird Coffee Roasters
410 Pine St, Seattle WA 98101
(206) 555-0143
Order #2217    Server: Jamal
03/08/2025 8:15 AM
1 Oat Latte 16oz           6.25
1 Cortado                  4.50
1 Almond Croissant         4.75
1 Banana Bread             3.95
Subtotal                  19.45
WA Sales Tax 10.35%        2.01
Tip                        3.00
TOTAL                    $24.46
MASTERCARD ****8812      $24.46
Thanks for your visit!
Follow us @bluebirdroasters`,
      ),
    ],
    facts: [
      inTitle('shop', shop('Bluebird Coffee Roasters')),
      inKeyPoint('total $24.46', amount(24.46)),
      inKeyPoint('date 03/08/2025 (8 March)', date('03/08/2025', 2025, 3, 8)),
    ],
    furniture: ['410 Pine St', 'Order #2217', 'Follow us'],
  },
  {
    // A German bakery: comma decimals, dotted date, "SUMME".
    id: 'receipt-de-baeckerei-sonnenkorn',
    kind: 'receipt',
    language: 'deu',
    pages: [
      page('beleg_baeckerei.jpg', 640)
        .heading('Bäckerei Sonnenkorn')
        .para('Hauptstraße 21, 79098 Freiburg')
        .para('St.-Nr. 06471/12345')
        .row('2 x Laugenbrezel', '1,90')
        .row('1 x Dinkelvollkornbrot', '4,60')
        .row('3 x Mohnbrötchen', '1,95')
        .row('1 x Apfelstrudel', '3,20')
        .row('1 x Kaffee groß', '2,80')
        .row('SUMME EUR', '14,45')
        .row('Bar', '20,00')
        .row('Rückgeld', '5,55')
        .row('MwSt 7%', '0,95')
        .para('07.02.2025 07:58  Kasse 1  Bon 4402')
        .para('Vielen Dank für Ihren Einkauf!')
        .page(),
    ],
    facts: [
      inTitle('shop', shop('Bäckerei Sonnenkorn')),
      inKeyPoint('total 14,45 €', amount(14.45)),
      inKeyPoint('date 07.02.2025', date('07.02.2025', 2025, 2, 7)),
    ],
    furniture: ['Hauptstraße 21', 'St.-Nr.', 'Kasse 1'],
  },
  {
    // A Paris restaurant's bill, read as text: "Total TTC", a day-first date.
    id: 'receipt-fr-petit-zinc',
    kind: 'receipt',
    language: 'fra',
    pages: [
      textPage(
        'note_resto.jpg',
        `LE PETIT ZINC
Brasserie depuis 1952
12 rue de la Paix, 75002 Paris
Table 14   Couverts 2   Serveur : Hugo
21/01/2025   20:47
2 Soupe à l'oignon        17,00
1 Confit de canard        24,50
1 Sole meunière           29,00
1 Carafe Côtes du Rhône   16,00
2 Café                     5,00
Total HT                  83,18
TVA 10%                    8,32
TOTAL TTC                 91,50 €
Carte bancaire            91,50 €
Merci de votre visite - A bientôt`,
      ),
    ],
    facts: [
      inTitle('shop', shop('Le Petit Zinc')),
      inKeyPoint('total 91,50 €', amount(91.5)),
      inKeyPoint('date 21/01/2025', date('21/01/2025', 2025, 1, 21)),
    ],
    furniture: ['12 rue de la Paix', 'Table 14', 'Brasserie depuis 1952'],
  },
  {
    // A Tokyo convenience store, printed in English: yen without decimals, year first.
    id: 'receipt-jp-lawson',
    kind: 'receipt',
    language: 'eng',
    pages: [
      page('lawson_receipt.png', 600)
        .heading('LAWSON Shibuya Dogenzaka')
        .para('2-10-7 Dogenzaka, Shibuya-ku, Tokyo')
        .row('2025/03/14(Fri) 19:06', 'Reg 2')
        .row('Onigiri Salmon', '¥180')
        .row('Onigiri Tuna Mayo', '¥160')
        .row('Karaage-kun', '¥248')
        .row('Green tea 500ml', '¥151')
        .row('Umbrella (clear)', '¥770')
        .row('Subtotal (5 items)', '¥1,509')
        .row('Tax (8%/10%)', '¥131')
        .row('Total', '¥1,640')
        .row('Suica', '¥1,640')
        .para('Reply Share', 60)
        .page(),
    ],
    facts: [
      inTitle('shop', shop('Lawson')),
      inKeyPoint('total ¥1,640', amount(1640)),
      inKeyPoint('date 2025/03/14', date('2025/03/14', 2025, 3, 14)),
    ],
    furniture: ['Dogenzaka, Shibuya-ku', 'Reg 2', 'Reply Share'],
  },
  {
    // A freelancer's invoice (PDF screenshot): issuer at the top, a line-item table, "Amount due".
    id: 'invoice-northwind-design',
    kind: 'receipt',
    language: 'eng',
    pages: [
      page('invoice-INV-2041.png', 1240)
        .heading('Northwind Design Studio')
        .para('88 Harbour Road, Bristol BS1 5TT · hello@northwind.studio')
        .field('Invoice', 'INV-2041')
        .field('Issue date', 'March 3, 2025')
        .field('Due date', 'April 2, 2025')
        .field('Bill to', 'Fernhill Cycles Ltd')
        .row('Description', 'Qty', 'Rate', 'Amount')
        .row('Brand workshop (half day)', '1', '£600.00', '£600.00')
        .row('Logo refresh and guidelines', '1', '£1,200.00', '£1,200.00')
        .row('Shop window graphics', '3', '£150.00', '£450.00')
        .row('Subtotal', '', '', '£2,250.00')
        .row('VAT 20%', '', '', '£450.00')
        .row('Amount due', '', '', '£2,700.00')
        .para('Payment by bank transfer within 30 days. Sort code 20-45-77, account 43917720.')
        .para('Page 1 of 1')
        .page(),
    ],
    facts: [
      inTitle('issuer', shop('Northwind Design Studio')),
      inKeyPoint('amount due £2,700.00', amount(2700)),
      inKeyPoint('issue date March 3, 2025', date('March 3, 2025', 2025, 3, 3)),
    ],
    furniture: ['88 Harbour Road', 'hello@northwind.studio', 'Page 1 of 1'],
  },
];
