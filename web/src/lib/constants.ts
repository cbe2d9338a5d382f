export const PRODUCT_NAME = 'SnapNotes';
export const COPYRIGHT_YEAR = 2025;
export const LEGAL_LAST_UPDATED = 'April 11, 2025';
export const CONTACT_EMAIL = 'support@snapnotes.app';

/** SPEC §5: shown when an upload, delete or title update is attempted without a signed-in user. */
export const NOT_LOGGED_IN_MESSAGE = 'You must be logged in to upload images';

/** sessionStorage prefix of a note title typed and not yet saved (notes feature); wiped with the offline cache. */
export const TITLE_DRAFT_PREFIX = 'snapnotes:title-draft:';
