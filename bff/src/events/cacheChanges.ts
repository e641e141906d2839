// What instances remember for a short while — sessions and users (auth/authCache.ts), factors,
// module addresses and member lists (domain/referenceCache.ts) — is forgotten as soon as the
// database announces a change on one channel (migrations 0006, 0007). Payloads: `s:<session tag>`,
// `u:<user id>`, `factors`, `modules`, `m:<module id>`, `members`. The time limit (core/memo.ts)
// only bounds how long a missed notice could matter; nothing is remembered while the LISTEN
// connection is down (a notice could be missed then).

export const CACHE_CHANGES_CHANNEL = 'cache_changes';
