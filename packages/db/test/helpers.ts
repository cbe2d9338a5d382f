import { randomUUID } from 'node:crypto';
import type { Logger } from '@snapnotes/contracts';
import { createTestDatabase, type TestDatabase } from '@snapnotes/testing/services';
import type { UsersRepo } from '../src/index.js';
import { createDatabase, migrateToLatest, type DatabaseHandle, type UserRow } from '../src/index.js';

export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLogger,
};

export interface MigratedDb extends DatabaseHandle {
  testDb: TestDatabase;
  dispose(): Promise<void>;
}

/** A fresh database with the schema applied. */
export async function migratedDatabase(poolMax = 25): Promise<MigratedDb> {
  const testDb = await createTestDatabase();
  const handle = createDatabase({ url: testDb.url, poolMax, logger: silentLogger });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    testDb,
    async dispose() {
      await handle.close();
      await testDb.drop();
    },
  };
}

export async function makeUser(users: UsersRepo, name = `user-${randomUUID().slice(0, 8)}`): Promise<UserRow> {
  return users.upsertByFirebaseUid({
    firebaseUid: `uid-${name}`,
    email: `${name}@example.com`,
    displayName: name,
    photoURL: '',
    username: name,
  });
}
