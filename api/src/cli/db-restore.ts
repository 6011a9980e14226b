import { existsSync } from 'node:fs';
import path from 'node:path';
import { BackupError, otherConnections, readBackupHeader, restoreBackup } from '../db/backup';
import { CommandError, withDatabase } from './with-database';

const usage = `Usage: npm run db:restore -- FILE [--force]

Replaces every table of the database the server uses (DATABASE_URL, or the
embedded one under DATA_DIR) with the contents of a backup made by
npm run db:backup, in one transaction: on any error nothing changes.
Stop the server first; with --force the restore runs even while other
connections use the database.`;

await withDatabase(async (db) => {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) throw new CommandError(`name one backup file\n\n${usage}`);
  const file = path.resolve(files[0]!);
  if (!existsSync(file)) throw new CommandError(`${file} does not exist`);
  try {
    const header = await readBackupHeader(file);
    const others = await otherConnections(db);
    if (others > 0 && !force) {
      throw new CommandError(
        `${others} other connection(s) use the database — is the server running? Stop it first (or pass --force).`,
      );
    }
    const summary = await restoreBackup(db, file);
    console.log(
      `Restored ${summary.rows} rows of ${summary.tables} tables from ${file} (backup of ${header.createdAt}). Start the server to apply any newer migrations.`,
    );
  } catch (err) {
    if (err instanceof BackupError) throw new CommandError(err.message);
    throw err;
  }
});
