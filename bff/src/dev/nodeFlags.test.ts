import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BFF_NODE_FLAGS } from './nodeFlags';

const read = (file: string) => fs.readFileSync(fileURLToPath(new URL(`../../../${file}`, import.meta.url)), 'utf8');

describe('the BFF node flags', () => {
  it('npm start and the systemd unit start the BFF with the same flags as the cluster and the benchmarks', () => {
    const start = (JSON.parse(read('bff/package.json')) as { scripts: { start: string } }).scripts.start;
    expect(start).toBe(`node ${BFF_NODE_FLAGS.join(' ')} --import tsx src/main.ts`);
    expect(read('deploy/carbon-bff@.service')).toContain(`ExecStart=/usr/bin/node ${BFF_NODE_FLAGS.join(' ')} bff/dist/main.js`);
  });
});
