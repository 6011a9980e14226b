import path from 'node:path';
import { BackupError, writeBackup } from '../db/backup';
import { CommandError, withDatabase } from './with-database';

const usage = `Usage: npm run db:backup [-- FILE]

Writes a consistent backup of the database the server uses (DATABASE_URL, or
the embedded one under DATA_DIR, running or not) to FILE: every row of every
table, read in one snapshot, gzip-compressed. Without FILE it goes to
DATA_DIR/backups/northstar-<date>-<time>.backup.gz. Restore it with
npm run db:restore -- FILE.`;

function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

await withDatabase(async (db, config) => {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  if (args.length > 1 || args[0]?.startsWith('-')) throw new CommandError(`unexpected arguments\n\n${usage}`);
  const file = path.resolve(
    args[0] ?? path.join(config.dataDir, 'backups', `northstar-${timestamp(new Date())}.backup.gz`),
  );
  try {
    const summary = await writeBackup(db, file);
    console.log(`Backed up ${summary.rows} rows of ${summary.tables} tables to ${summary.file}`);
  } catch (err) {
    if (err instanceof BackupError) throw new CommandError(err.message);
    throw err;
  }
});
