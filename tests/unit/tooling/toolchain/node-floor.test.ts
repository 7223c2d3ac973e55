import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NODE_FLOOR, nodeRefusal } from '../../../../scripts/node-floor.mjs';

/**
 * One Node story (issue 63): package.json's `engines` names the Node the shop runs on, the `node`
 * devDependency brings it, and `npm start` on an older Node stops before serving anything, naming it.
 */
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; devDependencies: { node: string } };

/** The oldest Node on this machine: the one npm itself runs on (npm scripts put the project's own first on PATH), or Debian's. */
const versionOf = (node: string) =>
  existsSync(node) ? spawnSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim() : '';
const [systemNode, systemVersion] = [process.env.npm_node_execpath, '/usr/bin/node']
  .filter((node): node is string => Boolean(node))
  .map((node) => [node, versionOf(node)] as const)
  .filter(([, version]) => version)
  .toSorted(([, a], [, b]) => Number(a.split('.')[0]) - Number(b.split('.')[0]))[0] ?? ['', ''];

describe('the Node the shop runs on', () => {
  it('is what engines says, and the Node the project brings satisfies it', () => {
    expect(pkg.engines.node).toBe(`>=${NODE_FLOOR}`);
    expect(Number(pkg.devDependencies.node.split('.')[0])).toBeGreaterThanOrEqual(NODE_FLOOR);
    expect(nodeRefusal(`${NODE_FLOOR}.0.0`)).toBeNull();
    expect(nodeRefusal('20.20.2')).toContain(`Node ${NODE_FLOOR} or later; this is Node 20.20.2`);
  });

  it.skipIf(!systemVersion || Number(systemVersion.split('.')[0]) >= NODE_FLOOR)(
    `npm start on the system's older Node (${systemVersion || 'none'}) stops at once, naming the Node it needs, and serves nothing`,
    () => {
      const run = spawnSync(systemNode, ['scripts/start.mjs'], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, PORT: '0' } });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(nodeRefusal(systemVersion));
      expect(run.stdout).toBe('');
    },
  );
});
