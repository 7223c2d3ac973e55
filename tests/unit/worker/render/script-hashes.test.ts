import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '#worker/render/script-hashes.ts';

const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script exactly as written, once, and skips data blocks and scripts with a src', async () => {
    const html = [
      '<script>a()</script>',
      '<script nonce="">b()\n</script>',
      '<script>a()</script>',
      '<script type="application/json">{"x":1}</script>',
      '<script type="application/ld+json">{}</script>',
      '<script src="/x.js"></script>',
      '<script type="module">import("/y.js")</script>',
    ].join('');
    expect(await inlineScriptHashes(html)).toEqual([hash('a()'), hash('b()\n'), hash('import("/y.js")')]);
  });
});
