import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * The organisation travels one way: in the tenant context (TenantContext), which the JWT strategy
 * sets for a request and TenantContext.run() opens for everything else. These are the two ways
 * it used to travel besides, each a finding here:
 *
 * - a parameter named for it (`org`, `orgId`, `organizationId`, `organisationId`), destructured
 *   ones and those of function types included: whoever needs the id reads TenantContext.require();
 * - a read of `organizationId` off the session user (an `AuthUser`), except as the organisation
 *   that TenantContext.run() or TenantContext.set() is given, which is where it enters the context.
 *
 * `tenancy/` is the context itself and is not read.
 */
export const ORGANIZATION_PARAMETER = /^(org|orgId|organi[sz]ationId)$/;

export interface OrganizationFinding {
  file: string;
  line: number;
  what: string;
}

const OPTIONS: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, experimentalDecorators: true, strict: true };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' || entry.name === 'tenancy' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/**
 * The findings in the app's source under `srcDir`, or, with `samples` (paths relative to
 * `srcDir` and their text, not on disk), in those files alone: the check's test of itself.
 */
export function organizationArguments(srcDir: string, samples?: Record<string, string>): OrganizationFinding[] {
  const virtual = new Map(Object.entries(samples ?? {}).map(([file, text]) => [path.join(srcDir, file), text]));
  const roots = samples ? [...virtual.keys()] : sourceFiles(srcDir);
  const host = ts.createCompilerHost(OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) =>
    virtual.has(name) ? ts.createSourceFile(name, virtual.get(name)!, language, true) : getSourceFile.call(host, name, language, ...rest);
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name) ?? readFile.call(host, name);
  const program = ts.createProgram(roots, OPTIONS, host);
  const checker = program.getTypeChecker();

  const isAuthUser = (type: ts.Type): boolean => {
    const t = checker.getNonNullableType(type);
    if (t.isUnionOrIntersection()) return t.types.some(isAuthUser);
    return (t.aliasSymbol ?? t.getSymbol())?.getName() === 'AuthUser';
  };
  /** Whether `node` is the organisation given to `TenantContext.run(…)` or `TenantContext.set(…)`. */
  const entersContext = (node: ts.Node): boolean => {
    let argument = node;
    while (ts.isParenthesizedExpression(argument.parent) || ts.isNonNullExpression(argument.parent)) argument = argument.parent;
    const call = argument.parent;
    return (
      ts.isCallExpression(call) &&
      call.arguments[0] === argument &&
      ts.isPropertyAccessExpression(call.expression) &&
      ts.isIdentifier(call.expression.expression) &&
      call.expression.expression.text === 'TenantContext' &&
      ['run', 'set'].includes(call.expression.name.text)
    );
  };

  const found: OrganizationFinding[] = [];
  for (const source of program.getSourceFiles()) {
    if (!roots.includes(source.fileName)) continue;
    const file = path.relative(srcDir, source.fileName);
    const reported = new Set<number>();
    const report = (node: ts.Node, what: string) => {
      // A destructured parameter is both a parameter and a destructuring: one finding.
      if (reported.has(node.getStart())) return;
      reported.add(node.getStart());
      found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, what });
    };

    const visit = (node: ts.Node) => {
      // A parameter, or a name destructured in one.
      if (ts.isParameter(node)) {
        const names = (name: ts.BindingName): ts.Identifier[] =>
          ts.isIdentifier(name) ? [name] : name.elements.flatMap((e) => (ts.isBindingElement(e) ? names(e.name) : []));
        for (const name of names(node.name)) {
          if (ORGANIZATION_PARAMETER.test(name.text)) report(name, `parameter ${name.text}`);
        }
      }
      // actor.organizationId, actor?.organizationId, actor['organizationId'].
      const read =
        (ts.isPropertyAccessExpression(node) && node.name.text === 'organizationId' && node.expression) ||
        (ts.isElementAccessExpression(node) &&
          ts.isStringLiteralLike(node.argumentExpression) &&
          node.argumentExpression.text === 'organizationId' &&
          node.expression);
      if (read && isAuthUser(checker.getTypeAtLocation(read)) && !entersContext(node)) {
        report(node, `reads ${node.getText(source)} off the session user`);
      }
      // const { organizationId } = actor; ({ organizationId: id }: AuthUser) => …
      if (ts.isObjectBindingPattern(node) && isAuthUser(checker.getTypeAtLocation(node))) {
        for (const element of node.elements) {
          const property = element.propertyName ?? element.name;
          if (ts.isIdentifier(property) && property.text === 'organizationId') report(property, 'destructures organizationId off the session user');
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
