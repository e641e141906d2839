import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer';

/** A coalescer whose batches are recorded and answered when the test says so. */
function recorded(log: string[] = [], name = '') {
  const batches: number[][] = [];
  const answers: (() => void)[] = [];
  const c = new Coalescer<number, number>(
    (items) =>
      new Promise((resolve) => {
        batches.push(items);
        log.push(`${name}${items.join(',')}`);
        answers.push(() => resolve(items.map((x) => x * 10)));
      }),
  );
  return { c, batches, answer: () => answers.shift()!() };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('Coalescer', () => {
  it('sends a lone request without waiting for a timer or I/O', async () => {
    const { c, batches } = recorded();
    void c.run(1);
    expect(batches).toEqual([]); // at the end of the tick, not inside run()
    await Promise.resolve();
    await new Promise((r) => process.nextTick(r));
    expect(batches).toEqual([[1]]);
  });

  it('sends the requests of one tick together, and those made during a round trip in the next batch', async () => {
    const { c, batches, answer } = recorded();
    const first = [c.run(1), c.run(2)];
    await settle();
    const second = [c.run(3), c.run(4)];
    await settle();
    expect(batches).toEqual([[1, 2]]);
    answer();
    expect(await Promise.all(first)).toEqual([10, 20]);
    await settle();
    expect(batches).toEqual([[1, 2], [3, 4]]);
    answer();
    expect(await Promise.all(second)).toEqual([30, 40]);
  });

  it('puts the requests that the answers of a batch cause at once into one batch', async () => {
    const { c, batches, answer } = recorded();
    // Each answer makes the next request after a few promise hops, as a runner's job does when
    // its handler returns (claim answered, handler run, slot freed, next claim).
    const chain = async (x: number) => {
      await c.run(x);
      await Promise.resolve();
      await Promise.resolve();
      return c.run(x + 100);
    };
    const jobs = [1, 2, 3, 4].map(chain);
    await settle();
    answer();
    await settle();
    expect(batches).toEqual([
      [1, 2, 3, 4],
      [101, 102, 103, 104],
    ]);
    answer();
    await Promise.all(jobs);
  });

  it('sends in the order the coalescers were asked within a tick', async () => {
    const log: string[] = [];
    const claims = recorded(log, 'claim ');
    const finishes = recorded(log, 'finish ');
    void claims.c.run(1);
    void finishes.c.run(9);
    await settle();
    expect(log).toEqual(['claim 1', 'finish 9']);
  });

  it('rejects every request of a batch whose statement fails, and goes on with the next', async () => {
    let calls = 0;
    const c = new Coalescer<number, number>(async (items) => {
      if (calls++ === 0) throw new Error('lost');
      return items;
    });
    const failed = [c.run(1), c.run(2)].map((p) => p.catch((e: Error) => e.message));
    expect(await Promise.all(failed)).toEqual(['lost', 'lost']);
    expect(await c.run(3)).toBe(3);
  });
});
