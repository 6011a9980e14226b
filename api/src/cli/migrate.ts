import { withDatabase, CommandError } from './with-database';

const usage = `Usage: npm run migrate -- [latest | rollback | rollback-all | status]

  latest        apply every pending migration (the default; the server also does this on start)
  rollback      undo the last batch
  rollback-all  undo every migration
  status        list applied and pending migrations`;

const command = process.argv[2] ?? 'latest';

await withDatabase(async (db) => {
  switch (command) {
    case 'latest': {
      const [, applied] = (await db.migrate.latest()) as [number, string[]];
      console.log(applied.length ? `Applied:\n  ${applied.join('\n  ')}` : 'Already up to date.');
      break;
    }
    case 'rollback':
    case 'rollback-all': {
      const [, undone] = (await db.migrate.rollback(undefined, command === 'rollback-all')) as [number, string[]];
      console.log(undone.length ? `Rolled back:\n  ${undone.join('\n  ')}` : 'Nothing to roll back.');
      break;
    }
    case 'status': {
      const [done, pending] = (await db.migrate.list()) as [{ name: string }[], { file: string }[] | string[]];
      console.log(`Applied (${done.length}):`);
      for (const m of done) console.log(`  ${m.name}`);
      console.log(`Pending (${pending.length}):`);
      for (const m of pending) console.log(`  ${typeof m === 'string' ? m : m.file}`);
      break;
    }
    default:
      throw new CommandError(`unknown command "${command}"\n\n${usage}`);
  }
});
