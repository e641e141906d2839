// Latency percentiles over every recorded response time (nearest-rank).
export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
  return { n: s.length, p50: at(50), p95: at(95), p99: at(99), max: s[s.length - 1] ?? NaN };
}
