import { describe, expect, it } from 'vitest';
import { describeVerdict, judgeAudit } from '../../scripts/audit';

const report = (vulnerabilities: Record<string, { severity: string }>, counts: Record<string, number>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } },
  });

describe('dependency audit verdict', () => {
  it('fails on a high advisory and names the package', () => {
    const verdict = judgeAudit(report({ 'left-pad': { severity: 'high' } }, { high: 1, total: 1 }));
    expect(verdict).toMatchObject({ kind: 'vulnerable', packages: ['left-pad (high)'] });
  });

  it('fails on a critical advisory', () => {
    expect(judgeAudit(report({ qs: { severity: 'critical' } }, { critical: 1 })).kind).toBe('vulnerable');
  });

  it('passes with low and moderate advisories only, and counts them', () => {
    const verdict = judgeAudit(
      report({ a: { severity: 'moderate' }, b: { severity: 'low' } }, { moderate: 1, low: 1 }),
    );
    expect(verdict).toEqual({ kind: 'clean', counts: { info: 0, low: 1, moderate: 1, high: 0, critical: 0 } });
    expect(describeVerdict(verdict)).toContain('moderate 1');
  });

  it('says nothing was checked when the advisory service refused the request', () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    });
    const verdict = judgeAudit(refused);
    expect(verdict.kind).toBe('unavailable');
    expect(describeVerdict(verdict)).toContain('NOT CHECKED');
    expect(describeVerdict(verdict)).toContain('405');
  });

  it('says nothing was checked when npm printed no report at all', () => {
    expect(judgeAudit('').kind).toBe('unavailable');
  });
});
