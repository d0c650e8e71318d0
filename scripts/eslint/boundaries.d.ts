import type { Rule } from 'eslint';

declare const plugin: { rules: { 'one-way': Rule.RuleModule } };
export default plugin;
