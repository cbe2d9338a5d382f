import { sql, type Kysely } from 'kysely';

/**
 * users.ocr_languages: the OCR languages the user chose in Settings (tesseract codes, read first for their uploads).
 * null = not chosen, the server's OCR_DEFAULT_LANGUAGES apply. A chosen list holds 1 to 3 codes (MAX_OCR_LANGUAGES);
 * which codes are offered is the server's setting (OCR_LANGUAGES), so it is checked by the gateway, not here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column ocr_languages text[] null
      constraint users_ocr_languages_count check (ocr_languages is null or cardinality(ocr_languages) between 1 and 3)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists ocr_languages`.execute(db);
}
