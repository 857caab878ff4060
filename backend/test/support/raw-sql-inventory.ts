import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import * as ts from 'typescript';

/** One raw statement in the source: where it is and its SQL (each variant of a conditional). */
export interface RawStatement {
  file: string;
  line: number;
  sql: string;
}

/** The tables whose entities are tenant-scoped (extend TenantScopedEntity). */
export function tenantTables(srcDir: string): string[] {
  const tables: string[] = [];
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/extends TenantScopedEntity\b/.test(text)) continue;
    const table = /@Entity\(\{\s*tableName:\s*'([a-z_]+)'/.exec(text)?.[1];
    if (table) tables.push(table);
  }
  return tables.sort();
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

const OPTIONS: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, experimentalDecorators: true, strict: true };

/**
 * A TypeScript program of the app's source under `srcDir` (types included), or, with `samples`
 * (paths relative to `srcDir` and their text, not on disk), of those files alone, which may
 * import the real ones: how a check proves itself on a planted sample. `files` are the roots read.
 */
export function sourceProgram(srcDir: string, samples?: Record<string, string>): { program: ts.Program; files: string[] } {
  const virtual = new Map(Object.entries(samples ?? {}).map(([file, text]) => [path.join(srcDir, file), text]));
  const files = samples ? [...virtual.keys()] : sourceFiles(srcDir);
  const host = ts.createCompilerHost(OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    virtual.has(name) ? ts.createSourceFile(name, virtual.get(name)!, language, true) : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name) ?? readFile.call(host, name);
  return { program: ts.createProgram(files, OPTIONS, host), files };
}

/**
 * The SQL argument of a call that runs one: `….execute(sql, …)`, or `preparedRead(em, statement, …)`
 * whose statement is a `preparedStatement(name, sql)`. preparedRead's own `execute(statement.sql, …)`
 * (the statement inside a transaction) is each call site's statement: it is read there.
 */
function statementOf(call: ts.CallExpression): ts.Expression | undefined {
  if (ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === 'execute') {
    const [sql] = call.arguments;
    if (sql && ts.isPropertyAccessExpression(sql) && sql.name.text === 'sql' && ts.isIdentifier(sql.expression) && sql.expression.text === 'statement') {
      const fn = ts.findAncestor(call, ts.isFunctionDeclaration);
      if (fn?.name?.text === 'preparedRead') return undefined;
    }
    return sql;
  }
  if (ts.isIdentifier(call.expression) && call.expression.text === 'preparedRead') return call.arguments[1];
  return undefined;
}

/**
 * Every SQL text passed to an `execute(...)` or `preparedRead(...)` call in the app's source (migrations aside): string
 * and template literals (a template's conditional parts are kept as their literal text), constants
 * they name, and both sides of a conditional. With `samples`, those of the planted files alone.
 */
export function rawStatements(srcDir: string, samples?: Record<string, string>): RawStatement[] {
  const { program, files } = sourceProgram(srcDir, samples);
  const checker = program.getTypeChecker();
  const found: RawStatement[] = [];

  const texts = (node: ts.Expression): string[] => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (ts.isTemplateExpression(node)) {
      // Interpolated parts are SQL fragments or placeholders: keep their literal text.
      let sql = node.head.text;
      for (const span of node.templateSpans) sql += ` ${fragments(span.expression).join(' ')} ${span.literal.text}`;
      return [sql];
    }
    if (ts.isConditionalExpression(node)) return [...texts(node.whenTrue), ...texts(node.whenFalse)];
    if (ts.isParenthesizedExpression(node)) return texts(node.expression);
    if (ts.isIdentifier(node)) {
      const declaration = declarationOf(node);
      if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) return texts(declaration.initializer);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'preparedStatement') {
      // A prepared statement (database/prepared-read.ts): its SQL is the second argument.
      return node.arguments[1] ? texts(node.arguments[1]) : [];
    }
    if (ts.isCallExpression(node)) {
      // A function that builds the SQL: what each of its return statements gives.
      const declaration = declarationOf(node.expression);
      const fn =
        declaration && ts.isVariableDeclaration(declaration) && declaration.initializer ? declaration.initializer : declaration;
      if (fn && (ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.body) {
        if (!ts.isBlock(fn.body)) return texts(fn.body);
        const returned: string[] = [];
        const collect = (inner: ts.Node) => {
          if (ts.isReturnStatement(inner) && inner.expression) returned.push(...texts(inner.expression));
          else if (!ts.isFunctionLike(inner)) ts.forEachChild(inner, collect);
        };
        ts.forEachChild(fn.body, collect);
        return returned;
      }
    }
    return [];
  };
  const declarationOf = (node: ts.Node): ts.Declaration | undefined => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.valueDeclaration;
  };
  const fragments = (node: ts.Expression): string[] => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) return texts(node);
    if (ts.isConditionalExpression(node)) return [...fragments(node.whenTrue), ...fragments(node.whenFalse)];
    if (ts.isParenthesizedExpression(node)) return fragments(node.expression);
    if (ts.isIdentifier(node) || ts.isCallExpression(node)) return texts(node);
    return [];
  };

  for (const source of program.getSourceFiles()) {
    if (!files.includes(source.fileName)) continue;
    const visit = (node: ts.Node) => {
      const sqlArgument = ts.isCallExpression(node) ? statementOf(node) : undefined;
      if (sqlArgument) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const file = path.relative(srcDir, source.fileName);
        const sqls = texts(sqlArgument);
        for (const sql of sqls.length ? sqls : ['']) found.push({ file, line, sql });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** Words that can follow a table name but are not its alias. */
const keywords = new Set(['where', 'on', 'set', 'join', 'left', 'inner', 'using', 'order', 'group', 'limit', 'returning', 'values', 'select', 'for', 'and', 'as', 'cross', 'right', 'full', 'natural', 'lateral']);
/** `organization_id` not qualified by an alias. */
const BARE_COLUMN = /(^|[^.\w])organization_id\b/i;

/**
 * The tenant tables a statement reads or writes without saying which organisation: a table named
 * after FROM, JOIN, UPDATE, INTO or USING whose alias (or the bare column, without one) is never
 * compared or given an `organization_id`.
 */
export function tablesWithoutTenantCondition(sql: string, tenant: readonly string[]): string[] {
  const missing: string[] = [];
  const reference = /\b(from|join|update|into|using)\s+([a-z_]+)(?:\s+(?:as\s+)?([a-z_][a-z0-9_]*))?/gi;
  for (const match of sql.matchAll(reference)) {
    const table = match[2]!.toLowerCase();
    if (!tenant.includes(table)) continue;
    const alias = match[3] && !keywords.has(match[3].toLowerCase()) ? match[3] : undefined;
    const qualified = new RegExp(`\\b${alias ?? table}\\.organization_id\\b`, 'i');
    const ok = match[1]!.toLowerCase() === 'into' ? /\borganization_id\b/i.test(sql.slice(match.index)) : qualified.test(sql) || (!alias && BARE_COLUMN.test(sql));
    if (!ok) missing.push(table);
  }
  return missing;
}

/** The part of the source a file belongs to: `modules/<name>` by its module, else its top folder. */
export function areaOf(file: string): string {
  const parts = file.split(path.sep);
  return parts[0] === 'modules' ? parts[1]! : parts[0]!;
}

/** Each table and the area (module) that declares its entity: the table's owner. */
export function tableOwners(srcDir: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of sourceFiles(srcDir)) {
    const table = /@Entity\(\{\s*tableName:\s*'([a-z_]+)'/.exec(fs.readFileSync(file, 'utf8'))?.[1];
    if (table) owners.set(table, areaOf(path.relative(srcDir, file)));
  }
  return owners;
}

/** The tables a statement writes: after INSERT INTO, UPDATE or DELETE FROM. */
export function tablesWritten(sql: string): string[] {
  return [...sql.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)/gi)].map((m) => m[1]!.toLowerCase());
}

/** One write through the ORM: which file asks for it, on which entity's table. */
export interface OrmWrite {
  file: string;
  line: number;
  table: string;
}

const ORM_WRITES = new Set(['create', 'insert', 'insertMany', 'upsert', 'upsertMany', 'nativeUpdate', 'nativeDelete']);

/**
 * Every `em.create(Entity, …)`, `insert`, `upsert`, `nativeUpdate` or `nativeDelete` in the app's
 * source whose first argument is an entity class, with the entity's table. (Changes to loaded
 * entities flushed later are the entity's own module's business and are not seen here.)
 */
export function ormWrites(srcDir: string, samples?: Record<string, string>): OrmWrite[] {
  const { program, files } = sourceProgram(srcDir, samples);
  const checker = program.getTypeChecker();
  const found: OrmWrite[] = [];
  for (const source of program.getSourceFiles()) {
    if (!files.includes(source.fileName)) continue;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ORM_WRITES.has(node.expression.name.text)) {
        const [first] = node.arguments;
        let symbol = first && ts.isIdentifier(first) ? checker.getSymbolAtLocation(first) : undefined;
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        const declaration = symbol?.valueDeclaration;
        if (declaration && ts.isClassDeclaration(declaration)) {
          const text = declaration.getSourceFile().getFullText();
          const table = /@Entity\(\{\s*tableName:\s*'([a-z_]+)'/.exec(text)?.[1];
          if (table) {
            const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
            found.push({ file: path.relative(srcDir, source.fileName), line, table });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/**
 * The feature modules in their order (MODULE_ORDER of .dependency-cruiser.cjs, the one place it is
 * written): a module may import, and so call, only modules before it.
 */
export function moduleOrder(): string[] {
  const config = createRequire(__filename)(path.resolve(__dirname, '..', '..', '.dependency-cruiser.cjs')) as { MODULE_ORDER: string[] };
  return [...config.MODULE_ORDER];
}

/** Words that end a FROM (or USING) list. */
const FROM_LIST_ENDS = new Set(['where', 'group', 'order', 'having', 'limit', 'offset', 'union', 'except', 'intersect', 'returning', 'window', 'for', 'set']);

/**
 * The tables of `known` that a statement names: after FROM, JOIN, UPDATE, INTO or USING, and after
 * each comma of a FROM or USING list (`from a x, b y`, `from a join b on … , c`). A name followed
 * by `(` is a function (`jsonb_to_recordset(…)`) except after INTO (the column list), one followed
 * by `.` a column's qualifier (`extract(dow from s.date)`).
 */
export function tablesNamed(sql: string, known: ReadonlySet<string> | ReadonlyMap<string, unknown>): string[] {
  const tokens = sql.toLowerCase().match(/[a-z_][a-z0-9_$]*|\d+|[^\sa-z0-9_]/g) ?? [];
  const named = new Set<string>();
  const take = (at: number, keyword: string) => {
    const name = tokens[at];
    if (!name || !/^[a-z_]/.test(name) || tokens[at + 1] === '.' || (tokens[at + 1] === '(' && keyword !== 'into')) return;
    if (known.has(name)) named.add(name);
  };
  /** The parenthesis depth of each open FROM/USING list, innermost last. */
  const lists: number[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token === '(') depth += 1;
    else if (token === ')') {
      while (lists.length && lists[lists.length - 1]! >= depth) lists.pop();
      depth -= 1;
    } else if (['from', 'join', 'update', 'into', 'using'].includes(token)) {
      take(i + 1, token);
      if (token === 'from' || token === 'using') {
        while (lists.length && lists[lists.length - 1]! >= depth) lists.pop();
        lists.push(depth);
      }
    } else if (token === ',' && lists[lists.length - 1] === depth) take(i + 1, 'from');
    else if (FROM_LIST_ENDS.has(token) && lists[lists.length - 1] === depth) lists.pop();
  }
  return [...named];
}

/** A raw statement that names a table of another module against the read rule. */
export interface ForeignRead {
  file: string;
  line: number;
  /** The module (or area) the statement is in. */
  module: string;
  table: string;
  owner: string;
  /**
   * `later`: the owner comes after the statement's module in the order; `no own table`: the
   * statement names none of its module's tables, so it is the owner's read; `outside the modules`:
   * the statement is in neither a module nor common/.
   */
  why: 'later' | 'no own table' | 'outside the modules';
}

/** How the read rule judged the statements: the ones naming tables, the allowed joins, the findings. */
export interface ReadInventory {
  /** Statements (each variant of a conditional one) naming at least one table with an owner. */
  checked: number;
  /** Of those, statements that also name other modules' tables and are allowed: joins down the order. */
  allowedJoins: { file: string; line: number; module: string; tables: string[] }[];
  findings: ForeignRead[];
}

/**
 * The read rule (docs/architecture.md, "The dependency rule"). A raw statement names tables of its
 * own module, and may join tables of modules before it in MODULE_ORDER when it also names a table
 * of its own: then it is its module's answer, built on what lower modules own. So a statement lives
 * in the module that owns the latest (in the order) of its tables, and any other module asks that
 * one. `common/` (the shared kernel, beneath every module) owns tables too; a statement outside
 * `modules/` and `common/` may name none of a module's tables.
 */
export function readInventory(statements: readonly RawStatement[], owners: ReadonlyMap<string, string>, order: readonly string[]): ReadInventory {
  const rank = (area: string): number | undefined => (area === 'common' ? -1 : order.includes(area) ? order.indexOf(area) : undefined);
  const inventory: ReadInventory = { checked: 0, allowedJoins: [], findings: [] };
  for (const s of statements) {
    const tables = tablesNamed(s.sql, owners);
    if (!tables.length) continue;
    inventory.checked += 1;
    const module = areaOf(s.file);
    const others = tables.filter((t) => owners.get(t) !== module);
    if (!others.length) continue;
    const own = others.length < tables.length;
    const mine = rank(module);
    const found = others.flatMap((table): ForeignRead[] => {
      const owner = owners.get(table)!;
      const theirs = rank(owner);
      if (mine === undefined) return [{ file: s.file, line: s.line, module, table, owner, why: 'outside the modules' }];
      if (theirs === undefined || theirs > mine) return [{ file: s.file, line: s.line, module, table, owner, why: 'later' }];
      return own ? [] : [{ file: s.file, line: s.line, module, table, owner, why: 'no own table' }];
    });
    if (found.length) inventory.findings.push(...found);
    else inventory.allowedJoins.push({ file: s.file, line: s.line, module, tables });
  }
  return inventory;
}
