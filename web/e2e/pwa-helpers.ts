/**
 * What the phone browser tests share (pwa.e2e.ts, share-and-session.e2e.ts): the phone's browser context, the share
 * sheet's POST, and what the app keeps on the device.
 */
import type { Page } from 'playwright-core';
import { PHONE } from './harness.js';

export const PHONE_CONTEXT = { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export function noteCard(target: Page, title: RegExp) {
  return target
    .getByRole('list', { name: 'Your Notes' })
    .locator(':scope > li')
    .filter({ has: target.getByRole('heading', { level: 3, name: title }) });
}

export async function waitForNoteCreated(target: Page): Promise<void> {
  await target.getByText('Note created successfully!').waitFor({ timeout: 90_000 });
}

/** Resolves with the active service worker's script URL once the page is controlled by it. */
export async function activeWorker(target: Page): Promise<string> {
  return target.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
}

/** What the app keeps on the device for offline reading: cached users' entries, and whether an account is kept. */
export async function keptOnDevice(target: Page): Promise<{ caches: number; user: boolean }> {
  return target.evaluate(async () => {
    const caches = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('snapnotes-cache');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('query-cache')) return resolve(0);
        const count = db.transaction('query-cache').objectStore('query-cache').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(count.error);
      };
    });
    return { caches, user: localStorage.getItem('snapnotes:user') !== null };
  });
}

/** The shares waiting in the share inbox (lib/share-inbox.ts), without the signed-in account's record. */
export async function sharesOnDevice(target: Page): Promise<number> {
  return target.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('snapnotes-share');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('shares')) return resolve(0);
          const keys = db.transaction('shares').objectStore('shares').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.filter((key) => key !== 'owner').length);
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

/**
 * What the phone's share sheet does with the manifest's share_target: a POST navigation to its action, multipart,
 * with the files under the `images` field.
 */
export async function shareFromPhone(target: Page, name: string, png: Buffer): Promise<void> {
  await target.evaluate(
    ({ name, bytes }) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/share-target';
      form.enctype = 'multipart/form-data';
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'images';
      const files = new DataTransfer();
      files.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      input.files = files.files;
      const title = document.createElement('input');
      title.name = 'title';
      title.value = 'Screenshot';
      form.append(input, title);
      document.body.append(form);
      form.submit();
    },
    { name, bytes: [...png] },
  );
}

/** The question the app asks before uploading shared images. */
export function shareQuestion(target: Page, count: number) {
  return target.getByRole('alertdialog', { name: `Upload ${count} shared ${count === 1 ? 'image' : 'images'}?` });
}
