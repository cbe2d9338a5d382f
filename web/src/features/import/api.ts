/**
 * The bulk-import API (issue 25; packages/contracts/src/imports.ts): send the files once, then follow the import the
 * server runs in the background. Every reply is checked against the contract's schemas, so a reply of another shape
 * is a clear error rather than a tray showing undefined.
 */
import { IMPORT_FILES_FIELD, importDetailSchema, importListSchema, type ImportDetail } from '@snapnotes/contracts';
import { ApiError, apiRequest, authHeaders, NetworkError, resolveUrl } from '../../lib/api-client.js';

const importPath = (id: string) => `/api/imports/${encodeURIComponent(id)}`;

export async function fetchImport(id: string, signal?: AbortSignal): Promise<ImportDetail> {
  const res = await apiRequest('GET', importPath(id), undefined, { signal });
  return importDetailSchema.parse(await res.json());
}

/** The user's imports still running or finished in the last 24 hours, newest first (without their items). */
export async function fetchActiveImports(signal?: AbortSignal): Promise<ImportDetail[]> {
  const res = await apiRequest('GET', '/api/imports?active=1', undefined, { signal });
  const body: unknown = await res.json();
  // The synthetic "authentication not available" reply (api-client.ts) is an object: no imports to show.
  return Array.isArray(body) ? importListSchema.parse(body) : [];
}

/** "Retry failed": the failed items are queued again; the reply is the import running again. */
export async function retryFailed(id: string): Promise<ImportDetail> {
  const res = await apiRequest('POST', `${importPath(id)}/retry`, {});
  return importDetailSchema.parse(await res.json());
}

/**
 * POST /api/imports with every file (images and zips) in one multipart request, answered 202 with the new import.
 * XMLHttpRequest rather than fetch: it is the one browser API that reports how much of a request body has been sent
 * (a fetch upload stream needs HTTP/2), and 800 screenshots take minutes to send on a home connection.
 * `onProgress` gets the fraction sent (0–1).
 */
export async function sendImport(
  files: readonly File[],
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<ImportDetail> {
  const form = new FormData();
  for (const file of files) form.append(IMPORT_FILES_FIELD, file, file.name || 'image.png');
  const headers = await authHeaders();
  const { status, statusText, text } = await new Promise<{ status: number; statusText: string; text: string }>(
    (resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', resolveUrl('/api/imports'));
      xhr.withCredentials = true;
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
      xhr.onerror = () => reject(new NetworkError(new Error('The import request failed')));
      xhr.onabort = () => reject(new DOMException('The import was cancelled', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    },
  );
  if (status < 200 || status >= 300) throw new ApiError(status, statusText, text);
  onProgress?.(1);
  return importDetailSchema.parse(JSON.parse(text));
}
