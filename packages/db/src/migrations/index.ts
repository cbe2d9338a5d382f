/**
 * Every migration, registered statically (no filesystem scanning, so bundled builds work).
 * Add new ones with a name that sorts after the last: Kysely applies them in name order.
 */
import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial.js';
import * as m0002 from './0002_reserve_upload_function.js';
import * as m0003 from './0003_user_ocr_languages.js';
import * as m0004 from './0004_usage_across_accounts.js';
import * as m0005 from './0005_notes_search.js';
import * as m0006 from './0006_processing_uploads_index.js';
import * as m0007 from './0007_note_reprocessing.js';
import * as m0008 from './0008_notes_list_order_index.js';
import * as m0009 from './0009_note_tags.js';
import * as m0010 from './0010_image_hashes.js';
import * as m0011 from './0011_imports.js';
import * as m0012 from './0012_import_capture_groups.js';

export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_reserve_upload_function': m0002,
  '0003_user_ocr_languages': m0003,
  '0004_usage_across_accounts': m0004,
  '0005_notes_search': m0005,
  '0006_processing_uploads_index': m0006,
  '0007_note_reprocessing': m0007,
  '0008_notes_list_order_index': m0008,
  '0009_note_tags': m0009,
  '0010_image_hashes': m0010,
  '0011_imports': m0011,
  '0012_import_capture_groups': m0012,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
