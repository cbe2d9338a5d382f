/**
 * "Languages in my screenshots": the OCR languages the server offers (GET /api/ocr-languages, public) and the
 * caller's choice among them (PATCH /api/user/{userId}/settings). HTTP only: the languages themselves are
 * ../languages.ts. An upload's job reads the user's languages first, else the server's defaults (docs/DECISIONS.md).
 */
import type { FastifyInstance } from 'fastify';
import { ErrorCode, type OcrLanguagesResponse, type User } from '@snapnotes/contracts';
import { toApiUser } from '@snapnotes/db';
import { ownUser } from '../guards.js';
import { HttpError } from '../errors.js';
import { ocrLanguagesResponse, parseSettingsBody } from '../languages.js';

export function registerSettingsRoutes(app: FastifyInstance): void {
  /** Public: deployment settings, no user data; the About page shows them to visitors too. */
  app.get('/api/ocr-languages', async (): Promise<OcrLanguagesResponse> => ocrLanguagesResponse(app.deps.config));

  /** The caller's settings; answers with their updated user record. Ownership as every /api/user/{userId} route. */
  app.patch<{ Params: { userId: string } }>('/api/user/:userId/settings', async (req): Promise<User> => {
    const user = await ownUser(req, req.params.userId);
    const { ocrLanguages } = parseSettingsBody(req.body, app.deps.config);
    const updated = await app.deps.repos.users.updateOcrLanguages(user.id, ocrLanguages);
    // Deleted between the ownership check and the update.
    if (!updated) throw new HttpError(404, ErrorCode.NotFound, 'User not found.');
    req.log.info({ userId: user.id, ocrLanguages }, 'settings updated');
    return toApiUser(updated);
  });
}
