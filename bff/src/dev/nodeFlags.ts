// The node flags the BFF runs with: a larger young generation, and an old generation that grows
// by half between full collections (docs/decisions.md, "A larger young generation" and "The old
// generation grows by half"). The local cluster and the benchmarks take them from here;
// bff/package.json's start script and deploy/carbon-bff@.service spell them out, and
// nodeFlags.test.ts holds both to this list.
export const BFF_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32', '--heap-growing-percent=50'];
