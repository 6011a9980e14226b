import type { Knex } from 'knex';

/**
 * One word per concept in the schema too (issue 30, decision 212): `contact_messages` → `enquiries`,
 * `service_requests` → `tickets`, and every name built on them — child tables (`service_request_events` →
 * `ticket_events`), foreign-key columns (`service_request_id` → `ticket_id`, `contact_message_id` → `enquiry_id`,
 * `quotes.source_service_request_id` → `source_ticket_id`), the ticket-number sequence, indexes, constraints and
 * triggers. Rows, values and the stored words (permission `service_requests.work`, audit actions and event kinds
 * `service_request.*`, record type `service_request`) are untouched.
 *
 * Everything is found in the catalog rather than listed, so objects added by migrations merged before this one follow.
 * A PL/pgSQL function keeps its body as text, so every function whose body names an old table or column is recreated
 * with the new names (its definition from `pg_get_functiondef`, the body's identifiers replaced outside string
 * literals). Triggers point at their function by oid and so keep firing; views would keep working too (they store
 * parsed references), and there are none.
 *
 * The down migration is the exact inverse: before renaming, the up migration refuses to run if a name the down
 * migration would turn back already exists (a name containing `ticket`, `enquiries` or `enquiry_id` other than
 * `source_enquiry_id`), so down(up(schema)) is the schema it started from.
 */

const UP: [RegExp, string][] = [
  [/service_request/g, 'ticket'],
  [/contact_messages/g, 'enquiries'],
  [/contact_message/g, 'enquiry'],
];
const DOWN: [RegExp, string][] = [
  [/ticket/g, 'service_request'],
  [/enquiries/g, 'contact_messages'],
  [/(?<!source_)enquiry_id/g, 'contact_message_id'],
];
const OLD = /service_request|contact_message/;
const NEW = /ticket|enquiries|(?<!source_)enquiry_id/;

type Rules = [RegExp, string][];
const renamed = (name: string, rules: Rules) => rules.reduce((out, [re, to]) => out.replace(re, to), name);
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface Names {
  tables: { name: string }[];
  columns: { table: string; name: string }[];
  relations: { name: string; kind: string }[];
  constraints: { table: string; name: string }[];
  triggers: { table: string; name: string }[];
}

async function namesIn(knex: Knex): Promise<Names> {
  const rows = async <T>(sql: string) => (await knex.raw<{ rows: T[] }>(sql)).rows;
  return {
    tables: await rows(`select relname as name from pg_class
      where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'v', 'm') order by relname`),
    columns: await rows(`select c.relname as table, a.attname as name from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
        and a.attnum > 0 and not a.attisdropped order by 1, 2`),
    // indexes and sequences (an index behind a constraint is renamed with the constraint)
    relations: await rows(`select c.relname as name, c.relkind as kind from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('i', 'I', 'S')
        and not exists (select 1 from pg_constraint k where k.conindid = c.oid and k.contype in ('p', 'u', 'x'))
      order by 1`),
    constraints: await rows(`select c.relname as table, k.conname as name from pg_constraint k
      join pg_class c on c.oid = k.conrelid where k.connamespace = 'public'::regnamespace order by 1, 2`),
    triggers: await rows(`select c.relname as table, t.tgname as name from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = 'public'::regnamespace and not t.tgisinternal order by 1, 2`),
  };
}

function allNames(names: Names): string[] {
  return [
    ...names.tables.map((t) => t.name),
    ...names.columns.map((c) => c.name),
    ...names.relations.map((r) => r.name),
    ...names.constraints.map((c) => c.name),
    ...names.triggers.map((t) => t.name),
  ];
}

/** Replaces identifiers in a function body, leaving its single-quoted string literals (stored words) alone. */
function renameInBody(body: string, rules: Rules, pattern: RegExp): string {
  return body
    .split(/('(?:[^']|'')*')/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(/[A-Za-z_][A-Za-z0-9_$]*/g, (word) => (pattern.test(word) ? renamed(word, rules) : word)),
    )
    .join('');
}

async function renameFunctionBodies(knex: Knex, rules: Rules, pattern: RegExp): Promise<void> {
  const { rows } = await knex.raw<{ rows: { oid: number; source: string; definition: string }[] }>(
    `select p.oid, p.prosrc as source, pg_get_functiondef(p.oid) as definition from pg_proc p
     where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p') and p.prosrc ~ ?`,
    [pattern.source],
  );
  for (const row of rows) {
    const source = renameInBody(row.source, rules, pattern);
    if (source === row.source) continue;
    const at = row.definition.indexOf(row.source);
    if (at < 0) throw new Error(`Function ${row.oid}: its body is not found in its definition`);
    await knex.raw(row.definition.slice(0, at) + source + row.definition.slice(at + row.source.length));
  }
}

async function renameAll(knex: Knex, rules: Rules, pattern: RegExp): Promise<void> {
  const names = await namesIn(knex);
  // Functions first, while their bodies' names still match the tables (a `create or replace` of a SQL-language
  // function checks its body against the catalog).
  await knex.raw('set local check_function_bodies = off');
  await renameFunctionBodies(knex, rules, pattern);
  for (const t of names.triggers.filter((t) => pattern.test(t.name))) {
    await knex.raw(`alter trigger ${quote(t.name)} on ${quote(t.table)} rename to ${quote(renamed(t.name, rules))}`);
  }
  for (const c of names.constraints.filter((c) => pattern.test(c.name))) {
    await knex.raw(
      `alter table ${quote(c.table)} rename constraint ${quote(c.name)} to ${quote(renamed(c.name, rules))}`,
    );
  }
  for (const r of names.relations.filter((r) => pattern.test(r.name))) {
    const kind = r.kind === 'S' ? 'sequence' : 'index';
    await knex.raw(`alter ${kind} ${quote(r.name)} rename to ${quote(renamed(r.name, rules))}`);
  }
  for (const c of names.columns.filter((c) => pattern.test(c.name))) {
    await knex.raw(`alter table ${quote(c.table)} rename column ${quote(c.name)} to ${quote(renamed(c.name, rules))}`);
  }
  for (const t of names.tables.filter((t) => pattern.test(t.name))) {
    await knex.raw(`alter table ${quote(t.name)} rename to ${quote(renamed(t.name, rules))}`);
  }
}

export async function up(knex: Knex): Promise<void> {
  const names = await namesIn(knex);
  const clash = allNames(names).filter((name) => NEW.test(name));
  const { rows: bodies } = await knex.raw<{ rows: { name: string; source: string }[] }>(
    `select proname as name, prosrc as source from pg_proc where pronamespace = 'public'::regnamespace`,
  );
  const clashInBody = bodies
    .filter((f) => renameInBody(f.source, DOWN, NEW) !== f.source)
    .map((f) => `function ${f.name}`);
  if (clash.length + clashInBody.length > 0) {
    throw new Error(
      `Renaming to tickets and enquiries needs these names gone first (the down migration would rename them): ${[
        ...clash,
        ...clashInBody,
      ].join(', ')}`,
    );
  }
  await renameAll(knex, UP, OLD);
}

export async function down(knex: Knex): Promise<void> {
  await renameAll(knex, DOWN, NEW);
}
