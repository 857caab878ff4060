import * as path from 'node:path';
import * as ts from 'typescript';
import { sourceProgram } from './raw-sql-inventory';

/** One way into the database found outside a repository: where, and what. */
export interface DataDoor {
  file: string;
  line: number;
  what: string;
}

/**
 * The ORM's data calls (docs/architecture.md, "One door per module"): on an EntityManager, an
 * EntityRepository, a connection, a query builder or the ORM itself, each of these reads or
 * writes the database, or starts the unit of work that will.
 */
const DATA_METHODS = new Set([
  'find',
  'findOne',
  'findOneOrFail',
  'findAll',
  'findAndCount',
  'findByCursor',
  'count',
  'persist',
  'persistAndFlush',
  'remove',
  'removeAndFlush',
  'flush',
  'execute',
  'createQueryBuilder',
  'qb',
  'nativeInsert',
  'nativeUpdate',
  'nativeDelete',
  'insert',
  'insertMany',
  'upsert',
  'upsertMany',
  'lock',
  'getReference',
  'getConnection',
  'transactional',
  'fork',
  'merge',
  'refresh',
  'populate',
]);

/** The ORM's classes that hold a way into the database (what a data call is made on). */
const DATA_HOLDERS = /EntityManager|EntityRepository|Connection|QueryBuilder|MikroORM/;

/** The names whose import means "this file holds the EntityManager" (or the ORM, its source). */
const HELD = new Set(['EntityManager', 'SqlEntityManager', 'EntityRepository', 'MikroORM']);

/** Raw SQL builders: MikroORM's `sql`/`raw` fragments and the prepared-read helper (src/database/prepared-read.ts). */
const SQL_BUILDERS = new Set(['sql', 'raw', 'preparedRead']);

/**
 * Where data access is allowed besides a module's `*.repository.ts`, each for a reason:
 * - database/: the unit of work, the prepared-read helper, migrations runner, provisioning, the
 *   pool's settings — the ORM's own plumbing, which repositories build on;
 * - config/: the ORM's configuration (MikroORM's options, the migrator's);
 * - tenancy/: the tenant filter and the insert stamp, which hook into the ORM itself;
 * - bin/: command-line tools that boot the ORM without Nest (migration check and tool, OpenAPI);
 * - main.ts: startup, which applies the migrations before the app listens;
 * - migrations/ (not read at all: raw-sql-inventory's source list leaves them out): schema changes are SQL.
 */
const INFRASTRUCTURE = [/^database\//, /^config\//, /^tenancy\//, /^bin\//, /^main\.ts$/, /^migrations\//];

function allowed(file: string): boolean {
  const posix = file.split(path.sep).join('/');
  return posix.endsWith('.repository.ts') || INFRASTRUCTURE.some((pattern) => pattern.test(posix));
}

function fromMikroOrm(symbol: ts.Symbol | undefined): boolean {
  // The compiler's file names use '/' on every platform.
  return !!symbol?.declarations?.some((d) => d.getSourceFile().fileName.includes('/@mikro-orm/'));
}

/** The original symbol behind an import alias. */
function resolved(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): ts.Symbol | undefined {
  return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** Whether `type` (or a member of a union) is one of the ORM's data holders. */
function holdsData(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(holdsData);
  const symbol = type.getSymbol() ?? type.aliasSymbol;
  return !!symbol && DATA_HOLDERS.test(symbol.getName()) && fromMikroOrm(symbol);
}

/**
 * Every data call, raw SQL and EntityManager import outside a repository and the allowed
 * infrastructure, in the app's source under `srcDir` (unit specs and migrations aside); with
 * `samples` (paths relative to `srcDir` and their text), in those planted files alone.
 */
export function dataDoors(srcDir: string, samples?: Record<string, string>): DataDoor[] {
  const { program, files } = sourceProgram(srcDir, samples);
  const checker = program.getTypeChecker();
  const found: DataDoor[] = [];
  for (const fileName of files) {
    const file = path.relative(srcDir, fileName);
    if (allowed(file)) continue;
    const source = program.getSourceFile(fileName);
    if (!source) continue;
    const add = (node: ts.Node, what: string) =>
      found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, what });

    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text.startsWith('@mikro-orm/')) {
        const named = node.importClause?.namedBindings;
        if (named && ts.isNamedImports(named)) {
          for (const element of named.elements) {
            const name = (element.propertyName ?? element.name).text;
            if (HELD.has(name)) add(element, `imports ${name}`);
          }
        }
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && DATA_METHODS.has(node.expression.name.text)) {
        const receiver = checker.getTypeAtLocation(node.expression.expression);
        if (holdsData(checker.getNonNullableType(receiver))) add(node, `${node.expression.name.text}()`);
      }
      const callee = ts.isCallExpression(node) ? node.expression : ts.isTaggedTemplateExpression(node) ? node.tag : undefined;
      if (callee && ts.isIdentifier(callee) && SQL_BUILDERS.has(callee.text)) {
        const symbol = resolved(checker, checker.getSymbolAtLocation(callee));
        const declaredIn = symbol?.declarations?.[0]?.getSourceFile().fileName ?? '';
        if (fromMikroOrm(symbol) || declaredIn.endsWith('/database/prepared-read.ts')) add(node, ts.isCallExpression(node) ? `${callee.text}()` : `${callee.text}\`…\``);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
