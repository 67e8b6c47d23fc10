import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import pg from 'pg';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestDatabase } from '../harness/database.ts';

/**
 * The Kysely types (src/db/schema.ts, src/db/tables.ts) against the migrated database: the same
 * tables, the same columns, and a column typed nullable exactly where SQL allows NULL. Kysely
 * trusts these types, so a drift compiles and then fails at run time.
 */

interface TypedColumn {
  table: string;
  column: string;
  nullable: boolean;
}

function source(path: string): ts.SourceFile {
  const file = fileURLToPath(new URL(`../../src/db/${path}`, import.meta.url));
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

function interfacesOf(file: ts.SourceFile): Map<string, ts.InterfaceDeclaration> {
  return new Map(
    file.statements.filter(ts.isInterfaceDeclaration).map((node) => [node.name.text, node]),
  );
}

function typedColumns(): TypedColumn[] {
  const database = interfacesOf(source('schema.ts')).get('Database');
  if (!database) throw new Error('src/db/schema.ts has no Database interface');
  const tables = interfacesOf(source('tables.ts'));
  return database.members.filter(ts.isPropertySignature).flatMap((tableMember) => {
    const table = tableMember.name.getText();
    const typeName = tableMember.type?.getText() ?? '';
    const columns = tables.get(typeName);
    if (!columns) throw new Error(`Database.${table}: no interface ${typeName} in tables.ts`);
    return columns.members.filter(ts.isPropertySignature).map((member) => ({
      table,
      column: member.name.getText(),
      // `T | null`, also inside Generated<…>, ColumnType<…> or JsonColumn<…>.
      nullable: /\bnull\b/.test(member.type?.getText() ?? ''),
    }));
  });
}

let database: { url: string; drop(): Promise<void> };
let migrated: TypedColumn[];

beforeAll(async () => {
  database = await createTestDatabase();
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ table: string; column: string; nullable: string }>(
    `SELECT table_name AS table, column_name AS column, is_nullable AS nullable
       FROM information_schema.columns
      WHERE table_schema = 'public'
      ORDER BY table_name, ordinal_position`,
  );
  await client.end();
  migrated = rows.map((r) => ({
    table: r.table,
    column: r.column,
    nullable: r.nullable === 'YES',
  }));
});

afterAll(async () => {
  await database.drop();
});

const key = (c: TypedColumn) => `${c.table}.${c.column}`;

describe('the Kysely types match the migrated database', () => {
  it('the same tables', () => {
    const typed = new Set(typedColumns().map((c) => c.table));
    const tables = new Set(migrated.map((c) => c.table));
    expect([...typed].sort()).toEqual([...tables].sort());
  });

  it('the same columns in each table', () => {
    expect(typedColumns().map(key).sort()).toEqual(migrated.map(key).sort());
  });

  it('a column is typed nullable exactly where the database allows NULL', () => {
    const allowsNull = new Map(migrated.map((c) => [key(c), c.nullable]));
    const differing = typedColumns()
      .filter((c) => allowsNull.has(key(c)) && allowsNull.get(key(c)) !== c.nullable)
      .map((c) => `${key(c)}: typed ${c.nullable ? '' : 'not '}nullable`);
    expect(differing).toEqual([]);
  });
});
