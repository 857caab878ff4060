import * as path from 'node:path';
import * as ts from 'typescript';
import { areaOf, sourceProgram } from './raw-sql-inventory';

/**
 * Changes to a loaded entity, which MikroORM flushes later as an UPDATE or DELETE the raw-SQL and
 * ORM-call checks don't see. Each is a change to the table of the entity's class, so it belongs
 * in the module that declares the class (the file's module: `modules/<name>/…`, else its top
 * folder, as for tables). An entity class is one declared in a `*.entity.ts` file (the abstract
 * bases TenantScopedEntity and LinkToken included). What counts as a change:
 *
 * - an assignment to one of its properties (`staff.name = …`, `+=`, `??=`, destructuring targets
 *   aside), `++`/`--` on one, or `delete` of one;
 * - `em.assign(entity, …)`, `wrap(entity).assign(…)`, `Object.assign(entity, …)`;
 * - `em.remove(entity)` / `em.removeAndFlush(entity)` (a call on an EntityManager);
 * - `add`, `remove`, `removeAll` or `set` on one of its collections (`staff.periods.add(…)`).
 *
 * The type checker says what the changed object is (unions and `Ref`/`Loaded` wrappers are looked
 * through to their entity; a type parameter by its constraint).
 */
export interface EntityMutation {
  file: string;
  line: number;
  /** The module (or area) the change is written in. */
  module: string;
  entity: string;
  /** The module that declares the entity's class. */
  owner: string;
  what: string;
}

const COLLECTION_CHANGES = new Set(['add', 'remove', 'removeAll', 'set']);
const ENTITY_MANAGER_CHANGES = new Set(['assign', 'remove', 'removeAndFlush']);

/** Every change to an entity in the app's source under `srcDir`, or with `samples`, in those files alone. */
export function entityMutations(srcDir: string, samples?: Record<string, string>): EntityMutation[] {
  const { program, files } = sourceProgram(srcDir, samples);
  const checker = program.getTypeChecker();

  /** The entity classes a type is (or wraps), each with the file that declares it. */
  const entitiesOf = (type: ts.Type, seen = new Set<ts.Type>()): { name: string; file: string }[] => {
    if (seen.has(type)) return [];
    seen.add(type);
    const t = checker.getNonNullableType(type);
    if (t.flags & ts.TypeFlags.TypeParameter) {
      const constraint = checker.getBaseConstraintOfType(t);
      return constraint && constraint !== t ? entitiesOf(constraint, seen) : [];
    }
    if (t.isUnionOrIntersection()) return t.types.flatMap((member) => entitiesOf(member, seen));
    const symbol = t.getSymbol();
    const declaration = symbol?.declarations?.find(ts.isClassDeclaration);
    if (symbol && declaration && declaration.getSourceFile().fileName.endsWith('.entity.ts')) {
      return [{ name: symbol.getName(), file: declaration.getSourceFile().fileName }];
    }
    return [];
  };
  const isEntityManager = (node: ts.Expression): boolean => {
    const t = checker.getNonNullableType(checker.getTypeAtLocation(node));
    return /EntityManager$/.test((t.aliasSymbol ?? t.getSymbol())?.getName() ?? '');
  };
  const isCollection = (node: ts.Expression): boolean => {
    const t = checker.getNonNullableType(checker.getTypeAtLocation(node));
    return (t.aliasSymbol ?? t.getSymbol())?.getName() === 'Collection';
  };

  const found: EntityMutation[] = [];
  for (const source of program.getSourceFiles()) {
    if (!files.includes(source.fileName)) continue;
    const file = path.relative(srcDir, source.fileName);
    const module = areaOf(file);
    const report = (node: ts.Node, target: ts.Expression, what: string) => {
      const entities = new Map(entitiesOf(checker.getTypeAtLocation(target)).map((e) => [e.file, e]));
      for (const entity of entities.values()) {
        found.push({
          file,
          line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
          module,
          entity: entity.name,
          owner: areaOf(path.relative(srcDir, entity.file)),
          what,
        });
      }
    };
    /** `x.p` or `x['p']`: the object whose property it is. */
    const owning = (node: ts.Expression): ts.Expression | undefined => {
      let e = node;
      while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
      return ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) ? e.expression : undefined;
    };

    const visit = (node: ts.Node) => {
      if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
        const target = owning(node.left);
        if (target) report(node, target, `sets ${node.left.getText(source)}`);
      } else if (
        (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
        (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
      ) {
        const target = owning(node.operand);
        if (target) report(node, target, `steps ${node.operand.getText(source)}`);
      } else if (ts.isDeleteExpression(node)) {
        const target = owning(node.expression);
        if (target) report(node, target, `deletes ${node.expression.getText(source)}`);
      } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const receiver = node.expression.expression;
        const [first] = node.arguments;
        if (first && ENTITY_MANAGER_CHANGES.has(method) && isEntityManager(receiver)) {
          report(node, first, `${method}s ${first.getText(source)} through the EntityManager`);
        } else if (method === 'assign' && first && ts.isIdentifier(receiver) && receiver.text === 'Object') {
          report(node, first, `Object.assign()s ${first.getText(source)}`);
        } else if (method === 'assign' && ts.isCallExpression(receiver) && ts.isIdentifier(receiver.expression) && receiver.expression.text === 'wrap' && receiver.arguments[0]) {
          report(node, receiver.arguments[0], `wrap(…).assign()s ${receiver.arguments[0].getText(source)}`);
        } else if (COLLECTION_CHANGES.has(method) && isCollection(receiver)) {
          const target = owning(receiver);
          if (target) report(node, target, `${method}s on ${receiver.getText(source)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
