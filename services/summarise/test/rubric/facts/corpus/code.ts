/**
 * Source code in an editor or on a code host: Python, TypeScript, Go, SQL, JavaScript. Facts: the file name or the
 * main function in the title, a defined function with its parameters in a key point, the code in a fenced block.
 */
import { fence, inKeyPoint, inSummary, inTitle, page, phrase, signature, textPage } from '../build.js';
import type { FactItem } from '../types.js';

export const code: FactItem[] = [
  {
    id: 'code-python-invoice',
    kind: 'code',
    language: 'eng',
    pages: [
      page('vscode_invoice.png', 1600)
        .para('File Edit Selection View Go Run Terminal Help')
        .para('invoice.py ×   models.py   test_invoice.py')
        .para('src > billing > invoice.py > invoice_total')
        .code(
          `from decimal import Decimal, ROUND_HALF_UP


def invoice_total(rows, tax_rate):
    """Sum the line items of an invoice and add tax, rounded to cents."""
    subtotal = sum(Decimal(r["unit_price"]) * r["qty"] for r in rows)
    tax = subtotal * Decimal(tax_rate)
    return (subtotal + tax).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def overdue(invoices, today):
    return [i for i in invoices if i.due_date < today and not i.paid]`,
        )
        .para('Ln 7, Col 12   Spaces: 4   UTF-8   Python 3.12')
        .page(),
    ],
    facts: [
      inTitle('file or function name', phrase('invoice.py', 'invoice_total')),
      inKeyPoint('invoice_total(rows, tax_rate)', signature('invoice_total', 'rows', 'tax_rate')),
      inSummary('fenced code block', fence),
    ],
    furniture: ['File Edit Selection View Go Run Terminal Help', 'Spaces: 4'],
  },
  {
    id: 'code-ts-apply-discount',
    kind: 'code',
    language: 'eng',
    pages: [
      page('cart_ts.png', 1600)
        .para('cart.ts ×   discounts.ts   cart.test.ts')
        .para('src > checkout > cart.ts')
        .code(
          `import type { Cart, LineItem } from './types';
import { findCode } from './discounts';

/** Applies a discount code to the cart; unknown or expired codes leave it unchanged. */
export function applyDiscount(cart: Cart, code: string): Cart {
  const discount = findCode(code);
  if (!discount || discount.expiresAt < Date.now()) return cart;
  const items = cart.items.map((item: LineItem) => ({
    ...item,
    price: Math.round(item.price * (1 - discount.percent / 100)),
  }));
  return { ...cart, items, appliedCode: code };
}`,
        )
        .para('PROBLEMS   OUTPUT   TERMINAL')
        .page(),
    ],
    facts: [
      inTitle('file or function name', phrase('cart.ts', 'applyDiscount')),
      inKeyPoint('applyDiscount(cart, code)', signature('applyDiscount', 'cart', 'code')),
      inSummary('fenced code block', fence),
    ],
    furniture: ['PROBLEMS OUTPUT TERMINAL'],
  },
  {
    // A file on a code host, read as text only: the host's tabs and buttons around it.
    id: 'code-go-parse-config',
    kind: 'code',
    language: 'eng',
    pages: [
      textPage(
        'github_config_go.png',
        `Code   Issues 12   Pull requests 3   Actions
harbor-sync / internal / config / config.go
Code   Blame   Raw
package config

import (
    "encoding/json"
    "os"
)

// Config holds the sync daemon's settings.
type Config struct {
    Endpoint string \`json:"endpoint"\`
    Interval int    \`json:"interval_seconds"\`
}

// ParseConfig reads the JSON file at path and fills in defaults.
func ParseConfig(path string) (*Config, error) {
    data, err := os.ReadFile(path)
    if err != nil {
        return nil, err
    }
    cfg := &Config{Interval: 60}
    return cfg, json.Unmarshal(data, cfg)
}`,
      ),
    ],
    facts: [
      inTitle('file or function name', phrase('config.go', 'ParseConfig')),
      inKeyPoint('ParseConfig(path string)', signature('ParseConfig', 'path')),
      inSummary('fenced code block', fence),
    ],
    furniture: ['Code Blame Raw', 'Issues 12', 'Pull requests 3'],
  },
  {
    id: 'code-sql-lifetime-value',
    kind: 'code',
    language: 'eng',
    pages: [
      page('dbeaver_clv.png', 1600)
        .para('queries > analytics > customer_ltv.sql')
        .code(
          `-- Lifetime value of one customer since a date, in cents.
CREATE OR REPLACE FUNCTION customer_lifetime_value(customer_id INT, since DATE)
RETURNS NUMERIC AS $$
  SELECT COALESCE(SUM(o.total_cents), 0)
  FROM orders o
  WHERE o.customer_id = customer_lifetime_value.customer_id
    AND o.created_at >= since
    AND o.status <> 'refunded';
$$ LANGUAGE sql STABLE;

SELECT c.email, customer_lifetime_value(c.id, DATE '2024-01-01') AS ltv
FROM customers c
ORDER BY ltv DESC
LIMIT 20;`,
        )
        .para('Execute   Explain   Export')
        .page(),
    ],
    facts: [
      inTitle('file or function name', phrase('customer_ltv.sql', 'customer_lifetime_value')),
      inKeyPoint(
        'customer_lifetime_value(customer_id, since)',
        signature('customer_lifetime_value', 'customer_id', 'since'),
      ),
      inSummary('fenced code block', fence),
    ],
    furniture: ['Execute Explain Export'],
  },
  {
    // A phone photo of a laptop screen: text only, a stray "|" from the cursor.
    id: 'code-js-debounce',
    kind: 'code',
    language: 'eng',
    pages: [
      textPage(
        'IMG_20250311_1422.jpg',
        `utils/debounce.js
|
/**
 * Delays calls to fn until wait ms have passed without a new call.
 */
export function debounce(fn, wait = 200) {
  let timer = null;
  return function debounced(...args) {
    clearTimeout(timer);
    timer = setTimeout(() => fn.apply(this, args), wait);
  };
}

export const onResize = debounce(() => layout.refresh(), 150);`,
      ),
    ],
    facts: [
      inTitle('file or function name', phrase('debounce.js', 'debounce')),
      inKeyPoint('debounce(fn, wait)', signature('debounce', 'fn', 'wait')),
      inSummary('fenced code block', fence),
    ],
  },
];
