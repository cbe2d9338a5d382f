// The flagged-image fixture is shared with the end-to-end tests; it lives in packages/testing.
export * from '@snapnotes/testing/moderation-fixtures';
