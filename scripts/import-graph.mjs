// The import graph of src/ (tests excluded): aliases resolved, type-only imports counted.
// `npm run house` prints what the house rules look at (`-- --verbose` lists every `../` import,
// `-- --json` the whole report); tests/unit/tooling/house/house-layers.test.ts holds them (docs/code-layout.md).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const sourceFile = /\.(ts|tsx|mts|mjs|js)$/;
const isTest = (file) => /\.test\.tsx?$/.test(file);
const specifiers =
  /(?:^|[\s;])(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (sourceFile.test(name) && !name.endsWith('.d.ts') && !isTest(name)) out.push(path);
  }
  return out;
}

function resolveFile(base) {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every import of every source file under `src/` of `root`, resolved to a file of the project where it is one. */
export function importGraph(root = process.cwd()) {
  const { imports: aliases = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const files = walk(join(root, 'src'));
  const edges = [];
  /** Imports of packages (node_modules, node:…), by the file that imports them. */
  const packages = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
    for (const match of text.matchAll(specifiers)) {
      const spec = match[1] ?? match[2] ?? match[3];
      let target;
      if (spec.startsWith('.')) target = resolveFile(resolve(dirname(file), spec));
      else if (spec.startsWith('#')) {
        const alias = Object.keys(aliases).find((key) => spec.startsWith(key.replace('*', '')));
        if (alias) target = resolveFile(resolve(root, aliases[alias].replace('*', spec.slice(alias.length - 1))));
      }
      if (target) edges.push({ from: relative(root, file), to: relative(root, target), spec });
      else if (!spec.startsWith('.') && !spec.startsWith('#')) packages.push({ from: relative(root, file), spec });
    }
  }
  return { files: files.map((f) => relative(root, f)), edges, packages };
}

/** Pairs of folders whose files import each other (a folder is a file's own directory). */
export function folderPairs({ edges }) {
  const between = new Set();
  for (const { from, to } of edges) if (dirname(from) !== dirname(to)) between.add(`${dirname(from)} -> ${dirname(to)}`);
  const pairs = [];
  for (const link of between) {
    const [a, b] = link.split(' -> ');
    if (a < b && between.has(`${b} -> ${a}`)) pairs.push(`${a} <-> ${b}`);
  }
  return pairs.toSorted();
}

/** Cycles of files (strongly connected components of more than one file, or a file importing itself). */
export const fileCycles = ({ files, edges }) => cycles(files, edges);

/** Cycles of folders, however long: folders are layers only if none imports its way back to itself. */
export function folderCycles({ files, edges }) {
  const between = edges.filter((e) => dirname(e.from) !== dirname(e.to)).map((e) => ({ from: dirname(e.from), to: dirname(e.to) }));
  return cycles([...new Set(files.map((f) => dirname(f)))], between);
}

/** Strongly connected components of more than one node (Tarjan), or a node pointing at itself. */
function cycles(nodes, edges) {
  const next = new Map(nodes.map((f) => [f, []]));
  for (const { from, to } of edges) next.get(from)?.push(to);
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), order.get(w)));
    }
    if (low.get(v) === order.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || next.get(v)?.includes(v)) found.push(component.toSorted());
    }
  };
  for (const f of nodes) if (!order.has(f)) visit(f);
  return found;
}

/** Imports that climb out of their folder with `../`. */
export const parentImports = ({ edges }) => edges.filter((e) => e.spec.startsWith('../')).map((e) => `${e.from}: ${e.spec}`);

/** Server files (src/worker, src/ui, src/shared) importing the browser's folder. */
export const serverImportsOfClient = ({ edges }) =>
  edges.filter((e) => !e.from.startsWith('src/client/') && e.to.startsWith('src/client/')).map((e) => `${e.from} -> ${e.to}`);

/** Folders holding more than `max` source files (tests and declarations excluded). */
/** The most source files a folder holds (docs/code-layout.md says it): a folder past it is two rooms. */
export const MAX_FOLDER_FILES = 12;

export function crowdedFolders({ files }, max = MAX_FOLDER_FILES) {
  const count = new Map();
  for (const f of files) count.set(dirname(f), (count.get(dirname(f)) ?? 0) + 1);
  return [...count].filter(([, n]) => n > max).map(([dir, n]) => `${dir}: ${n} files`);
}

/** The folder of src/worker a file sits in (its first folder there, or the file itself at the top: app.tsx). */
const workerFolderOf = (file) => {
  const parts = file.split('/');
  return parts[0] === 'src' && parts[1] === 'worker' ? parts[2] : null;
};

/** Whether `rule` (a list of folders and 'folder/file.ts' entries, or { except }) lets a file import `to`. */
function allows(rule, to) {
  const [, , folder, ...rest] = to.split('/');
  if (Array.isArray(rule)) return rule.includes(folder) || rule.includes(`${folder}/${rest.join('/')}`);
  return !rule.except.includes(folder);
}

const ruleWords = (rule) => (Array.isArray(rule) ? rule.join(', ') || 'nothing of src/worker' : `all but ${rule.except.join(', ')}`);

/**
 * Imports the house rules do not allow (scripts/house-rules.mjs): a folder of src/worker importing
 * another that its list does not name, a package outside its homes, and any folder of src/worker
 * without rules.
 */
export function ruleViolations({ files, edges, packages = [] }, rules, packageHomes) {
  const found = [];
  for (const { from, to } of edges) {
    const folder = workerFolderOf(from);
    const target = workerFolderOf(to);
    if (!folder || !target || folder === target || from.split('/').length <= 3 || to.split('/').length <= 3) continue;
    const rule = rules[folder];
    if (rule && !allows(rule, to)) found.push(`${from} -> ${to} (${folder}/ may import ${ruleWords(rule)})`);
  }
  for (const { from, spec } of packages) {
    const folder = workerFolderOf(from);
    if (!folder) continue;
    for (const [name, homes] of Object.entries(packageHomes)) {
      if ((spec === name || spec.startsWith(`${name}/`)) && !homes.includes(folder))
        found.push(`${from} -> ${spec} (${name} is for ${homes.join(', ')})`);
    }
  }
  const folders = new Set(
    files
      .filter((f) => f.split('/').length > 3)
      .map(workerFolderOf)
      .filter(Boolean),
  );
  for (const folder of [...folders].toSorted())
    if (!(folder in rules)) found.push(`src/worker/${folder}/ has no rules (scripts/house-rules.mjs)`);
  return found;
}

/** The topic of src/shared a file sits in (its first folder there, or the file itself at the top: money.ts). */
const sharedTopicOf = (file) => {
  const parts = file.split('/');
  return parts[0] === 'src' && parts[1] === 'shared' ? parts[2] : null;
};

/** Imports between topics of src/shared that SHARED_IMPORTS does not allow, and topics without a line. */
export function sharedRuleViolations({ files, edges }, rules) {
  const found = [];
  for (const { from, to } of edges) {
    const topic = sharedTopicOf(from);
    const target = sharedTopicOf(to);
    if (!topic || !target || topic === target) continue;
    const allowed = rules[topic];
    if (allowed && !allowed.includes(target))
      found.push(`${from} -> ${to} (shared/${topic} may import ${allowed.join(', ') || 'no other topic'})`);
  }
  for (const topic of [...new Set(files.map(sharedTopicOf).filter(Boolean))].toSorted())
    if (!(topic in rules)) found.push(`src/shared/${topic} has no rules (scripts/house-rules.mjs SHARED_IMPORTS)`);
  return found;
}

/** A rule's line in the layout doc's words. */
const ruleInWords = (rule) =>
  Array.isArray(rule)
    ? rule.join(', ') || '(src/shared only)'
    : rule.except.length
      ? `everything but ${rule.except.join(', ')}`
      : 'everything';

/** A Markdown table of rules: one row per name. */
const rulesRows = (head, entries) => [
  `| ${head} | may import |`,
  '| --- | --- |',
  ...entries.map(([name, rule]) => `| ${name} | ${ruleInWords(rule)} |`),
];

/** The house rules as docs/code-layout.md shows them: one Markdown table row per folder (or shared topic), its line as written. */
export function rulesTable(rules) {
  return {
    worker: rulesRows(
      'folder',
      Object.entries({ ...rules.DOMAIN_IMPORTS, ...rules.FOLDER_IMPORTS }).toSorted(([a], [b]) => a.localeCompare(b)),
    ).join('\n'),
    shared: rulesRows(
      'topic',
      Object.entries(rules.SHARED_IMPORTS).map(([name, rule]) => [name, rule.length ? rule : ['(no other topic)']]),
    ).join('\n'),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const graph = importGraph();
  const rules = await import(pathToFileURL(join(process.cwd(), 'scripts/house-rules.mjs')).href).catch(() => null);
  // `-- --table`: the rules as docs/code-layout.md holds them (paste them there when they change).
  if (process.argv.includes('--table') && rules) {
    const { worker, shared } = rulesTable(rules);
    console.log(`${worker}\n\n${shared}`);
    process.exit(0);
  }
  const report = {
    files: graph.files.length,
    imports: graph.edges.length,
    fileCycles: fileCycles(graph),
    folderPairs: folderPairs(graph),
    folderCycles: folderCycles(graph),
    serverImportsOfClient: serverImportsOfClient(graph),
    parentImports: parentImports(graph),
    crowdedFolders: crowdedFolders(graph),
    ruleViolations: rules
      ? [
          ...ruleViolations(graph, { ...rules.DOMAIN_IMPORTS, ...rules.FOLDER_IMPORTS }, rules.PACKAGE_HOMES),
          ...(rules.SHARED_IMPORTS ? sharedRuleViolations(graph, rules.SHARED_IMPORTS) : []),
        ]
      : [],
  };
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report));
    process.exit(0);
  }
  const verbose = process.argv.includes('--verbose');
  for (const [key, value] of Object.entries(report)) {
    if (Array.isArray(value)) {
      console.log(`${key}: ${value.length}`);
      if (verbose || key !== 'parentImports') for (const line of value) console.log(`  ${Array.isArray(line) ? line.join(', ') : line}`);
    } else console.log(`${key}: ${value}`);
  }
  // `--check` (npm run lint): any finding fails.
  if (process.argv.includes('--check')) {
    const failed = Object.entries(report).filter(([, value]) => Array.isArray(value) && value.length > 0);
    if (failed.length > 0) {
      console.error(`npm run house: ${failed.map(([key]) => key).join(', ')} (docs/code-layout.md)`);
      process.exit(1);
    }
  }
}
