import { spawn } from 'node:child_process';

/**
 * The dependency audit of `npm test`: high or critical advisories in runtime dependencies fail
 * the run. Development tools (linters, test runners) never reach a traveller's phone or the
 * server, so `--omit=dev` keeps their advisories out of the verdict.
 */

export type AuditVerdict =
  | { kind: 'clean'; counts: SeverityCounts }
  | { kind: 'vulnerable'; counts: SeverityCounts; packages: string[] }
  /** The advisory service did not answer: nothing is known, so nothing is claimed. */
  | { kind: 'unavailable'; reason: string };

export interface SeverityCounts {
  info: number;
  low: number;
  moderate: number;
  high: number;
  critical: number;
}

interface AuditReport {
  vulnerabilities?: Record<string, { severity?: string }>;
  metadata?: { vulnerabilities?: Partial<SeverityCounts> };
  message?: string;
  error?: { summary?: string; detail?: string };
}

const BLOCKING = new Set(['high', 'critical']);

/** Reads `npm audit --json` output (npm 7+ report, or npm's error object when the service fails). */
export function judgeAudit(output: string): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(output) as AuditReport;
  } catch {
    return { kind: 'unavailable', reason: 'npm audit printed no JSON report' };
  }
  if (!report.metadata?.vulnerabilities) {
    const reason = report.message ?? report.error?.summary ?? 'no advisory report';
    return { kind: 'unavailable', reason: reason || 'no advisory report' };
  }
  const found = report.metadata.vulnerabilities;
  const counts: SeverityCounts = {
    info: found.info ?? 0,
    low: found.low ?? 0,
    moderate: found.moderate ?? 0,
    high: found.high ?? 0,
    critical: found.critical ?? 0,
  };
  const packages = Object.entries(report.vulnerabilities ?? {})
    .filter(([, entry]) => BLOCKING.has(entry.severity ?? ''))
    .map(([name, entry]) => `${name} (${entry.severity})`)
    .sort();
  if (counts.high + counts.critical > 0 || packages.length > 0) return { kind: 'vulnerable', counts, packages };
  return { kind: 'clean', counts };
}

/** Runs the audit of runtime dependencies and returns its verdict. */
export function auditRuntimeDependencies(): Promise<AuditVerdict> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['audit', '--omit=dev', '--json'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (output += chunk));
    // npm exits non-zero both on findings and on a failed request: the report decides.
    child.on('close', () => resolve(judgeAudit(output)));
    child.on('error', (error) => resolve({ kind: 'unavailable', reason: error.message }));
  });
}

export function describeVerdict(verdict: AuditVerdict): string {
  switch (verdict.kind) {
    case 'clean': {
      const { low, moderate, info } = verdict.counts;
      return `audit: no high or critical advisory in runtime dependencies (low ${low}, moderate ${moderate}, info ${info})`;
    }
    case 'vulnerable':
      return `audit: high or critical advisories in runtime dependencies: ${verdict.packages.join(', ') || `${verdict.counts.high} high, ${verdict.counts.critical} critical`}`;
    case 'unavailable':
      return `audit: NOT CHECKED, the advisory service did not answer (${verdict.reason})`;
  }
}
