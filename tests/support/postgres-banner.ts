/**
 * A vitest reporter (vitest.config.ts): when DATABASE_URL is not set and server or replication
 * tests run, it says so loudly — at the start, and at the end with the list of the PostgreSQL-only
 * suites that were left out (describePostgresOnly) and how many backend-parametrised suites ran on
 * PGlite alone. CI sets DATABASE_URL (README "Test it"); a local run without it is not the suite.
 */
import type { Reporter, TestModule, TestSpecification, Vitest } from 'vitest/node';
import { POSTGRES_ONLY_TAG } from './postgres-tag';

const DATABASE_PROJECTS = new Set(['server', 'replication']);
const RULE = '!'.repeat(100);

export default class PostgresBanner implements Reporter {
  private ctx!: Vitest;

  onInit(ctx: Vitest): void {
    this.ctx = ctx;
  }

  private get active(): boolean {
    return !process.env.DATABASE_URL;
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    if (!this.active || !specifications.some((s) => DATABASE_PROJECTS.has(s.project.name))) return;
    this.ctx.logger.log(
      `\n${RULE}\n!! DATABASE_URL is not set: server and replication tests run on PGlite ONLY; the PostgreSQL-only ones are SKIPPED (listed at the end).\n${RULE}\n`,
    );
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (!this.active) return;
    const modules = testModules.filter((m) => DATABASE_PROJECTS.has(m.project.name));
    if (modules.length === 0) return;
    const leftOut: string[] = [];
    let pgliteOnly = 0;
    for (const m of modules) {
      const file = m.relativeModuleId;
      for (const suite of m.children.allSuites()) {
        if (suite.name.includes(POSTGRES_ONLY_TAG) && suite.state() === 'skipped') {
          const tests = [...suite.children.allTests()].length;
          leftOut.push(`!!   ${file} › ${suite.name.replace(POSTGRES_ONLY_TAG, '').trim()} (${tests} test${tests === 1 ? '' : 's'})`);
        }
        if (suite.parent === m && /\(pglite\)$/.test(suite.name)) pgliteOnly++;
      }
    }
    const lines = [
      '',
      RULE,
      '!! PostgreSQL NOT TESTED — DATABASE_URL is not set.',
      `!! Left out: ${leftOut.length} PostgreSQL-only suite${leftOut.length === 1 ? '' : 's'} of the files that ran${leftOut.length ? ':' : '.'}`,
      ...leftOut,
      `!! And ${pgliteOnly} suite${pgliteOnly === 1 ? '' : 's'} written for both backends (describe.each(backends())) ran on PGlite only.`,
      '!! Run them all: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test  (as CI does).',
      RULE,
      '',
    ];
    this.ctx.logger.log(lines.join('\n'));
  }
}
