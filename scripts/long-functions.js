#!/usr/bin/env node
// Lists the long functions in product code, for the rule "no product function over 80 lines without
// a comment that says why". Run it with `node scripts/long-functions.js` (or `npm run long-functions`).
//
// Every function-like node (function declarations and expressions, arrow functions, methods,
// constructors, getters and setters) whose body spans more than 80 lines is printed as
//   file:line  name  N lines  comment above: yes|no
// and a final line counts them. A function's lines are those of its body, from the line of its `{`
// (or the first line of an expression body) to the line of its end, nested functions included; a
// long nested function is listed on its own as well. "Comment above" means a comment (`//` or
// `/* */`) touches one of the 3 lines just above the function, or just above the statement,
// declaration, class member or object property that holds it. Run as a script it reports and exits 0;
// `scripts/long-functions.test.ts` (in `npm test`) holds the tree to "none without a comment".
//
// Product code is the tracked `*.ts` and `*.js` files under PRODUCT_DIRS and PRODUCT_FILES, less the
// tests, the fixtures and the test support that NOT_PRODUCT matches.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const root = path.resolve(__dirname, '..');
const MAX_LINES = 80;
const LINES_ABOVE = 3;
const PRODUCT_DIRS = ['harness/src', 'reference-server/src', 'scripts', 'bench', 'tests/support'];
const PRODUCT_FILES = ['playwright.config.ts'];
const NOT_PRODUCT = [/\.test\.ts$/, /(^|\/)fixtures\.ts$/, /-fixtures\.ts$/, /^harness\/src\/__fixtures__\//, /^harness\/src\/testing\//];

/** The product files, relative to the repository's root, in `git ls-files` order. */
function productFiles() {
  const tracked = execFileSync('git', ['ls-files', '-z', '--', ...PRODUCT_DIRS, ...PRODUCT_FILES], { cwd: root, encoding: 'utf8' });
  return tracked
    .split('\0')
    .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !NOT_PRODUCT.some((pattern) => pattern.test(file)))
    .filter((file) => fs.existsSync(path.join(root, file)));
}

/** 1-based line of a position in the file. */
function lineOf(sourceFile, pos) {
  return sourceFile.getLineAndCharacterOfPosition(pos).line + 1;
}

/**
 * The 1-based lines that a comment touches, from the comments before and after every token (every
 * comment in the file is one token's leading or trailing trivia; the parser tells comments from
 * `//` inside strings, templates and regular expressions).
 */
function commentLines(sourceFile) {
  const text = sourceFile.getFullText();
  const seen = new Set();
  const lines = new Set();
  const add = (comments) => {
    for (const { pos, end } of comments ?? []) {
      if (seen.has(pos)) continue;
      seen.add(pos);
      for (let line = lineOf(sourceFile, pos); line <= lineOf(sourceFile, end); line++) lines.add(line);
    }
  };
  const visit = (node) => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(sourceFile)) visit(child);
  };
  visit(sourceFile);
  return lines;
}

function isFunctionLike(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** The statement, class member or object property that holds a function (the function itself when it is one). */
function holderOf(node) {
  for (let at = node; at.parent; at = at.parent) {
    const parent = at.parent;
    if (ts.isSourceFile(parent) || ts.isBlock(parent) || ts.isModuleBlock(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent)) return at;
    if (ts.isClassLike(parent) || ts.isObjectLiteralExpression(parent)) return at;
  }
  return node;
}

/** A declaration's name as written, or undefined when it has none (or a computed one). */
function nameOf(node, sourceFile) {
  if (!node.name) return undefined;
  return ts.isIdentifier(node.name) || ts.isPrivateIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : node.name.getText(sourceFile);
}

/** The name of what contains a member: its class, or the variable or property an object literal is assigned to. */
function containerName(container, sourceFile) {
  if (ts.isClassLike(container)) return nameOf(container, sourceFile) ?? 'anonymous class';
  const owner = container.parent;
  if (owner && (ts.isVariableDeclaration(owner) || ts.isPropertyAssignment(owner) || ts.isPropertyDeclaration(owner))) return nameOf(owner, sourceFile);
  return undefined;
}

/** The name a function is known by: its own, or that of the variable, property or member it is assigned to. */
function ownName(node, sourceFile) {
  const qualified = (name, container) => {
    const outer = containerName(container, sourceFile);
    return outer ? `${outer}.${name}` : name;
  };
  if (ts.isConstructorDeclaration(node)) return `${containerName(node.parent, sourceFile)} constructor`;
  if (ts.isGetAccessorDeclaration(node)) return `get ${qualified(nameOf(node, sourceFile), node.parent)}`;
  if (ts.isSetAccessorDeclaration(node)) return `set ${qualified(nameOf(node, sourceFile), node.parent)}`;
  if (ts.isMethodDeclaration(node)) return qualified(nameOf(node, sourceFile), node.parent);
  if (nameOf(node, sourceFile)) return nameOf(node, sourceFile);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent)) return nameOf(parent, sourceFile);
  if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return qualified(nameOf(parent, sourceFile), parent.parent);
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) return parent.left.getText(sourceFile);
  return undefined;
}

/** How a function is listed: its name, or for an anonymous one what it is, what it is passed to and where. */
function describe(node, sourceFile) {
  const name = ownName(node, sourceFile);
  if (name) return name;
  const kind = ts.isArrowFunction(node) ? 'arrow' : 'function expression';
  const call = node.parent;
  const isArgument = (ts.isCallExpression(call) || ts.isNewExpression(call)) && (call.arguments ?? []).includes(node);
  const callee = isArgument ? `${ts.isNewExpression(call) ? 'new ' : ''}${call.expression.getText(sourceFile).replace(/\s+/g, '')}` : undefined;
  let enclosing;
  for (let at = node.parent; at && !enclosing; at = at.parent) if (isFunctionLike(at)) enclosing = ownName(at, sourceFile) ?? 'an anonymous function';
  return `${kind}${callee ? ` passed to ${callee.slice(0, 40)}()` : ''} in ${enclosing ?? 'the module'}`;
}

/** The long functions of one file (its text read from the tree unless given), in source order. */
function longFunctions(file, text = fs.readFileSync(path.join(root, file), 'utf8')) {
  const kind = file.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  let comments;
  const found = [];
  const commentAbove = (node) => {
    const first = lineOf(sourceFile, node.getStart(sourceFile));
    for (let line = first - LINES_ABOVE; line < first; line++) if (comments.has(line)) return true;
    return false;
  };
  const visit = (node) => {
    if (isFunctionLike(node) && node.body) {
      const lines = lineOf(sourceFile, node.body.end) - lineOf(sourceFile, node.body.getStart(sourceFile)) + 1;
      if (lines > MAX_LINES) {
        comments ??= commentLines(sourceFile);
        found.push({
          where: `${file}:${lineOf(sourceFile, node.getStart(sourceFile))}`,
          name: describe(node, sourceFile),
          lines,
          commented: commentAbove(node) || commentAbove(holderOf(node)),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** The long functions of the product code. */
function productLongFunctions() {
  return productFiles().flatMap((file) => longFunctions(file));
}

function main() {
  const found = productLongFunctions();
  for (const f of found) console.log(`${f.where}  ${f.name}  ${f.lines} lines  comment above: ${f.commented ? 'yes' : 'no'}`);
  const uncommented = found.filter((f) => !f.commented).length;
  console.log(`${found.length} function(s) over ${MAX_LINES} lines in product code, ${uncommented} without a comment above`);
}

module.exports = { MAX_LINES, longFunctions, productLongFunctions };

if (require.main === module) main();
