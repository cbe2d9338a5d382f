/**
 * What the app says, next to a control it has turned off, when the device is offline (issue 23 item 3): the action
 * needs the server, so it is disabled rather than left to fail, and nothing typed is lost meanwhile.
 * The notes (reading, searching, editing) are the notes feature's own.
 */
export const OFFLINE_REASONS = {
  upload: "You're offline: uploading needs a connection.",
  subscribe: "You're offline: subscribing needs a connection.",
  deleteAccount: "You're offline: deleting your account needs a connection.",
  languages: "You're offline: saving your languages needs a connection.",
  feedback: "You're offline: sending feedback needs a connection. What you've written stays here.",
} as const;
