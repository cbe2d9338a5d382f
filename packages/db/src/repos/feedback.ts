import type { Kysely } from 'kysely';
import type { Database, FeedbackRow } from '../schema.js';
import { assertId, InvalidInputError } from '../errors.js';

export interface CreateFeedbackInput {
  /** null for feedback that is not tied to an account. */
  userId: number | null;
  name: string;
  email: string;
  message: string;
}

export class FeedbackRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async create(input: CreateFeedbackInput): Promise<FeedbackRow> {
    if (input.userId !== null) assertId(input.userId, 'User id');
    for (const field of ['name', 'email', 'message'] as const) {
      if (typeof input[field] !== 'string' || input[field].trim() === '') {
        throw new InvalidInputError(`Feedback ${field} cannot be empty`);
      }
    }
    return this.db
      .insertInto('feedback')
      .values({
        userId: input.userId,
        name: input.name.trim(),
        email: input.email.trim(),
        message: input.message.trim(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
