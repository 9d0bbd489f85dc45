import type { RestPlan } from './negotiateAccept.ts';

/** Pure: PostgREST's EXPLAIN of a read's statement (`explain()`), with the format and options the Accept header named. */
export function explainSql(plan: RestPlan, statement: string): string {
  return `explain (${[`format ${plan.format}`, ...plan.options].join(', ')}) ${statement}`;
}

/** Pure: the Content-Type PostgREST answers a plan with: the plan's type, its `for` and its options. */
export function planContentType(plan: RestPlan): string {
  const options = plan.options.length ? `; options=${plan.options.join('|')}` : '';
  return `application/vnd.pgrst.plan+${plan.format}; for="${plan.forType}"${options}; charset=utf-8`;
}
