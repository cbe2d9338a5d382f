/**
 * Source files for code editor screenshots. Placeholders: {Entity}/{entity}/{entities} (a record type), {field}
 * (a number field), {label} (a text field), {n1}/{n2} (numbers). Indentation is part of the text.
 */

export type CodeLanguage = 'typescript' | 'python' | 'go' | 'rust' | 'sql' | 'javascript';

export interface CodeSample {
  language: CodeLanguage;
  /** File name shown in the tab bar. */
  file: string;
  code: string;
}

export const ENTITIES = [
  { Entity: 'Invoice', entity: 'invoice', entities: 'invoices', field: 'amount', label: 'customer' },
  { Entity: 'Shipment', entity: 'shipment', entities: 'shipments', field: 'weight', label: 'carrier' },
  { Entity: 'Reading', entity: 'reading', entities: 'readings', field: 'celsius', label: 'station' },
  { Entity: 'Booking', entity: 'booking', entities: 'bookings', field: 'nights', label: 'guest' },
  { Entity: 'Ticket', entity: 'ticket', entities: 'tickets', field: 'priority', label: 'assignee' },
  { Entity: 'Order', entity: 'order', entities: 'orders', field: 'total', label: 'region' },
] as const;

export const KEYWORDS: Record<CodeLanguage, string[]> = {
  typescript:
    'import from export interface type async await function const let return if else for of new as throw try catch class extends implements private public readonly string number boolean void Promise'.split(
      ' ',
    ),
  javascript: 'import from export async await function const let return if else for of new throw try catch'.split(' '),
  python: 'def return for in if elif else import from as with not and or None True False lambda class yield'.split(' '),
  go: 'package import func return if else for range type struct var err nil string int float64 error defer'.split(' '),
  rust: 'use pub struct impl fn let mut return if else for in match Some None Ok Err self Self Vec String f64 u32'.split(
    ' ',
  ),
  sql: 'SELECT FROM WHERE GROUP BY ORDER HAVING AS AND OR JOIN ON LEFT COUNT SUM AVG DESC LIMIT WITH'.split(' '),
};

export const TEMPLATES: CodeSample[] = [
  {
    language: 'typescript',
    file: '{entities}.ts',
    code: `import { readFile } from 'node:fs/promises';

export interface {Entity} {
  id: string;
  {label}: string;
  {field}: number;
  createdAt: string;
}

/** Loads {entities} from a JSON export and keeps the large ones. */
export async function load{Entity}s(path: string, min = {n1}): Promise<{Entity}[]> {
  const raw = await readFile(path, 'utf8');
  const rows = JSON.parse(raw) as {Entity}[];
  return rows
    .filter((row) => row.{field} >= min)
    .sort((a, b) => b.{field} - a.{field});
}

export function totalBy{Label}(rows: {Entity}[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of rows) {
    totals.set(row.{label}, (totals.get(row.{label}) ?? 0) + row.{field});
  }
  return totals;
}`,
  },
  {
    language: 'python',
    file: '{entity}_report.py',
    code: `import csv
from collections import defaultdict


def read_{entities}(path):
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            row["{field}"] = float(row["{field}"])
            yield row


def summarize(rows, limit={n1}):
    """Return the top {label} values by total {field}."""
    totals = defaultdict(float)
    for row in rows:
        totals[row["{label}"]] += row["{field}"]
    ranked = sorted(totals.items(), key=lambda kv: kv[1], reverse=True)
    return ranked[:limit]


if __name__ == "__main__":
    for name, total in summarize(read_{entities}("{entities}.csv")):
        print(f"{name:<20} {total:>10.2f}")`,
  },
  {
    language: 'go',
    file: '{entity}_handler.go',
    code: `package api

import (
	"encoding/json"
	"net/http"
	"strconv"
)

type {Entity} struct {
	ID    int64   \`json:"id"\`
	{Label} string  \`json:"{label}"\`
	{Field} float64 \`json:"{field}"\`
}

func (s *Server) list{Entity}s(w http.ResponseWriter, r *http.Request) {
	limit, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || limit <= 0 {
		limit = {n1}
	}
	items, err := s.store.Recent{Entity}s(r.Context(), limit)
	if err != nil {
		http.Error(w, "could not load {entities}", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(items)
}`,
  },
  {
    language: 'rust',
    file: '{entity}.rs',
    code: `use std::collections::HashMap;

#[derive(Debug, Clone)]
pub struct {Entity} {
    pub id: u32,
    pub {label}: String,
    pub {field}: f64,
}

impl {Entity} {
    pub fn is_large(&self) -> bool {
        self.{field} > {n1}.0
    }
}

pub fn group_by_{label}(items: &[{Entity}]) -> HashMap<String, Vec<u32>> {
    let mut groups: HashMap<String, Vec<u32>> = HashMap::new();
    for item in items {
        groups.entry(item.{label}.clone()).or_default().push(item.id);
    }
    groups
}`,
  },
  {
    language: 'sql',
    file: '{entity}_stats.sql',
    code: `-- Monthly {entity} totals per {label}, busiest first
WITH monthly AS (
    SELECT
        {label},
        date_trunc('month', created_at) AS month,
        COUNT(*) AS {entities},
        SUM({field}) AS total_{field}
    FROM {entities}
    WHERE created_at >= now() - interval '{n1} days'
    GROUP BY {label}, month
)
SELECT {label}, month, {entities}, total_{field}
FROM monthly
WHERE {entities} > {n2}
ORDER BY month DESC, total_{field} DESC
LIMIT 50;`,
  },
  {
    language: 'javascript',
    file: 'fetch-{entities}.js',
    code: `const API_URL = 'https://api.example.com/v2/{entities}';

export async function fetchWithRetry(url, attempts = 3) {
  for (let i = 1; i <= attempts; i++) {
    try {
      const res = await fetch(url, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(\`HTTP \${res.status}\`);
      return await res.json();
    } catch (err) {
      if (i === attempts) throw err;
      await new Promise((r) => setTimeout(r, {n2} * i));
    }
  }
}

export async function recent{Entity}s(page = 1) {
  const data = await fetchWithRetry(\`\${API_URL}?page=\${page}&limit={n1}\`);
  return data.items.filter((item) => item.{field} > 0);
}`,
  },
];
