// The static half of the guard: reads every TypeScript file of the end-to-end tests and reports
// what could intercept the BFF's own routes, whatever the guarded fixtures would do at run time.
//  - Interception (`route`, `routeWebSocket`) is a direct call whose first argument is a literal
//    absolute third-party URL (interception-rules.ts); the method is never taken by name, read
//    into a variable or destructured. `routeFromHAR` and CDP sessions are not used at all (but for
//    support.ts's one read-only question to Chromium, `installabilityErrors`), and the page's
//    fetch or XMLHttpRequest is never replaced.
//  - `test` comes from ./support (the guarded fixtures), never from @playwright/test: no file but
//    support.ts imports it from there, and every spec imports it from ./support.
// Only support.ts's guardRouting, which wraps the real methods, may take them as values, and only
// its installabilityErrors opens a CDP session.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { interceptionProblem } from './interception-rules';

export interface Violation {
  file: string;
  line: number;
  problem: string;
}

const INTERCEPTING = new Set(['route', 'routeWebSocket']);
const UNUSED = new Set(['routeFromHAR', 'newCDPSession']);
const NAMED = new Set([...INTERCEPTING, ...UNUSED]);
const NETWORK_GLOBALS = new Set(['fetch', 'XMLHttpRequest']);
const GUARD_FILE = 'support.ts';
const TEST_FILE = /\.(spec|test)\.[cm]?[jt]sx?$/;
const SCRIPT = /\.[cm]?[jt]sx?$/;
const GUARD_FUNCTIONS = new Set(['guardRouting', 'installabilityErrors']);
// This file names the methods in strings to look for them (its other code is scanned as usual).
const SCAN_FILE = 'route-scan.ts';

function literalText(node: ts.Node | undefined): string | null {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;
}

function insideGuard(node: ts.Node, file: string): boolean {
  if (file !== GUARD_FILE) return false;
  for (let up: ts.Node | undefined = node; up; up = up.parent) {
    if (ts.isFunctionDeclaration(up) && GUARD_FUNCTIONS.has(up.name?.text ?? '')) return true;
  }
  return false;
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (file.endsWith('.jsx')) return ts.ScriptKind.JSX;
  return /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

/**
 * What in one file's source could intercept the BFF, or take `test` around the guard. `file` is
 * the path relative to the tests' folder (support.ts is the guard's own file).
 */
export function scanSource(file: string, text: string, siteURL?: string): Violation[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const violations: Violation[] = [];
  const report = (node: ts.Node, problem: string) =>
    violations.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, problem });
  let importsGuardedTest = false;

  const visit = (node: ts.Node): void => {
    if (insideGuard(node, file)) return;

    if (ts.isPropertyAccessExpression(node) && NAMED.has(node.name.text)) {
      const name = node.name.text;
      const call = node.parent;
      if (UNUSED.has(name)) {
        report(node, `${name} is not used in these tests`);
      } else if (!ts.isCallExpression(call) || call.expression !== node) {
        report(node, `${name} must be called directly, not taken as a value`);
      } else {
        const url = literalText(call.arguments[0]);
        const problem =
          url === null ? `${name} needs a literal URL as its first argument` : interceptionProblem(url, siteURL);
        if (problem) report(node, problem);
      }
    } else if (ts.isElementAccessExpression(node) && NAMED.has(literalText(node.argumentExpression) ?? '')) {
      report(node, `${literalText(node.argumentExpression)} must be called as a method, not looked up by name`);
    } else if (ts.isBindingElement(node) && NAMED.has((node.propertyName ?? node.name).getText(source))) {
      report(node, `${(node.propertyName ?? node.name).getText(source)} must not be destructured`);
    } else if (
      ts.isStringLiteral(node) &&
      NAMED.has(node.text) &&
      !ts.isElementAccessExpression(node.parent) &&
      file !== SCAN_FILE
    ) {
      report(node, `the name '${node.text}' must not be used as a string`);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      (ts.isIdentifier(node.left) || ts.isPropertyAccessExpression(node.left)) &&
      NETWORK_GLOBALS.has(ts.isIdentifier(node.left) ? node.left.text : node.left.name.text)
    ) {
      report(node, "the page's network functions must not be replaced");
    }

    if (ts.isImportDeclaration(node)) {
      const from = literalText(node.moduleSpecifier);
      const clause = node.importClause;
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
      const takesTest = named.some((item) => !item.isTypeOnly && (item.propertyName ?? item.name).text === 'test');
      if (from === '@playwright/test' && file !== GUARD_FILE && clause && !clause.isTypeOnly) {
        if (clause.name) report(node, 'a default import of @playwright/test goes around the guarded test');
        if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)) {
          report(node, 'a namespace import of @playwright/test goes around the guarded test');
        }
        if (takesTest) report(node, "import test from './support' (the guarded fixtures), not from @playwright/test");
      }
      if (from === './support' && takesTest && !clause?.isTypeOnly) importsGuardedTest = true;
    }
    if (ts.isExportDeclaration(node) && literalText(node.moduleSpecifier) === '@playwright/test' && !node.isTypeOnly) {
      report(node, '@playwright/test must not be re-exported');
    }
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      literalText(node.arguments[0]) === '@playwright/test'
    ) {
      report(node, '@playwright/test must not be loaded at run time');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  if (TEST_FILE.test(file) && !importsGuardedTest) {
    violations.push({ file, line: 1, problem: "a spec must import test from './support' (the guarded fixtures)" });
  }
  return violations;
}

/** Every TypeScript file under `folder`, scanned; files are named relative to it. */
export function scanFolder(folder: string, siteURL?: string): Violation[] {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SCRIPT.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  return files.flatMap((path) => scanSource(relative(folder, path), readFileSync(path, 'utf8'), siteURL));
}
