import type { Rule } from 'eslint';

/** Types of boundaries.js (plain JavaScript, which eslint.config.js loads as is) for its test. */
declare const boundaries: { rules: { 'one-way': Rule.RuleModule } };
export default boundaries;
