import { useState } from 'react';
import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  CONCRETE_EDIT,
  CONCRETE_GRADES,
  evaluateBatch,
  specifiedStrengthOf,
  type ConcreteGrade,
  type ConcreteSettings,
} from '#domain/concrete';
import type { ConcreteSettingsResponse } from '#domain/concrete-responses';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { SelectField, TextAreaField } from '../../../widgets/form-fields.tsx';
import { StateTag } from '../../../widgets/state-tag.tsx';
import { CONCRETE_TAG_COLORS } from '../components/state-tags.tsx';
import { ConcreteConfigTabs } from './config-tabs.tsx';
import { batchSentence, failureText, fewerResultsSentence, mpa, parseResults, ruleSentence } from './rule-text.ts';
import { SettingsForm, type SettingValues } from './settings-form.tsx';

const T = 'concrete.config';

/**
 * config/hormigon/lotes (docs/product.md §2 "batch conformity limit"; docs/decisions.md D-280): how placements are
 * grouped into batches and the rule a batch's results are accepted by, said in one plain sentence, with a calculator
 * that runs the rule (domain/concrete.ts evaluateBatch) on results typed by hand. Read-only without hormigon_editar.
 */
export function BatchesConfigPage() {
  const { t } = useTranslation();
  const canEdit = useCan(CONCRETE_EDIT);
  return (
    <ConcreteConfigTabs>
      <Stack gap="4" pt="2">
        <PageHeader title={t('routes.config.hormigon.lotes.title')} subtitle={t(`${T}.batches.intro`)} />
        {!canEdit ? (
          <Text textStyle="sm" color="fg.muted" data-testid="concrete-read-only">
            {t(`${T}.read_only`)}
          </Text>
        ) : null}
        <SettingsForm
          testId="batches"
          canEdit={canEdit}
          groups={[
            {
              title: t(`${T}.settings.batch_title`),
              intro: t(`${T}.settings.batch_intro`),
              fields: ['batch_m3_max', 'batch_days_max'],
            },
            {
              title: t(`${T}.settings.acceptance_title`),
              intro: t(`${T}.settings.acceptance_intro`),
              fields: ['acceptance_age_days', 'acceptance_consecutive', 'mean_margin_mpa', 'single_margin_mpa'],
            },
          ]}
        >
          {(values, saved, dirty) => {
            const rule = effective(values, saved);
            return (
              <>
                <RuleSummary rule={rule} dirty={dirty} />
                <RuleCalculator rule={rule} dirty={dirty} />
              </>
            );
          }}
        </SettingsForm>
      </Stack>
    </ConcreteConfigTabs>
  );
}

/** The numbers being edited, a field left empty standing for its saved value (the form will not save it empty). */
function effective(values: SettingValues, saved: ConcreteSettingsResponse): ConcreteSettings {
  return Object.fromEntries(
    (Object.keys(values) as (keyof ConcreteSettings)[]).map((k) => [k, values[k] ?? saved[k]]),
  ) as ConcreteSettings;
}

/** The rule in force, or the rule the unsaved numbers would put in force, in words. */
function RuleSummary({ rule, dirty }: { rule: ConcreteSettings; dirty: boolean }) {
  const { t } = useTranslation();
  const fewer = fewerResultsSentence(t, rule);
  return (
    <Card.Root size="sm" variant="subtle" data-testid="rule-summary">
      <Card.Body>
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <Text as="h2" fontWeight="semibold" textStyle="lg">
              {t(dirty ? `${T}.rule.title_unsaved` : `${T}.rule.title`)}
            </Text>
            {dirty ? <StateTag size="sm" label={t(`${T}.rule.unsaved`)} color={CONCRETE_TAG_COLORS.warn} /> : null}
          </HStack>
          <Text data-testid="rule-sentence">{ruleSentence(t, rule)}</Text>
          {fewer ? (
            <Text textStyle="sm" color="fg.muted" data-testid="rule-fewer">
              {fewer}
            </Text>
          ) : null}
          <Text data-testid="batch-sentence">{batchSentence(t, rule)}</Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * "Try it": a grade and some results (MPa at the acceptance age, in the order the samples were taken) judged by
 * evaluateBatch with the numbers above, so the rule can be checked against a batch the user knows before saving it.
 */
function RuleCalculator({ rule, dirty }: { rule: ConcreteSettings; dirty: boolean }) {
  const { t } = useTranslation();
  const [grade, setGrade] = useState<ConcreteGrade>('G25');
  const [text, setText] = useState('');
  const parsed = text.trim() === '' ? null : parseResults(t, text);
  const specified = specifiedStrengthOf(grade);
  const verdict = parsed?.ok ? evaluateBatch(parsed.results, specified, rule) : null;
  return (
    <Card.Root size="sm" data-testid="rule-calculator">
      <Card.Header>
        <Text as="h2" fontWeight="semibold" textStyle="lg">
          {t(`${T}.rule.try_title`)}
        </Text>
        <Text textStyle="sm" color="fg.muted">
          {t(dirty ? `${T}.rule.try_intro_unsaved` : `${T}.rule.try_intro`)}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Stack direction={{ base: 'column', md: 'row' }} gap="4" align="flex-start">
            <Stack w={{ base: 'full', md: '48' }} flexShrink={0}>
              <SelectField
                label={t(`${T}.types.grade`)}
                value={grade}
                onChange={(v) => setGrade(v as ConcreteGrade)}
                options={CONCRETE_GRADES.map((g) => ({
                  value: g,
                  label: t(`${T}.types.grade_option`, { grade: g, mpa: specifiedStrengthOf(g) }),
                }))}
                testId="try-grade"
              />
            </Stack>
            <Stack flex="1" w="full">
              <TextAreaField
                label={t(`${T}.rule.try_results`)}
                helper={t(`${T}.rule.try_results_help`)}
                value={text}
                onChange={setText}
                rows={2}
                error={parsed && !parsed.ok ? parsed.error : undefined}
                testId="try-results"
              />
            </Stack>
          </Stack>
          {verdict && parsed?.ok ? (
            <Stack
              gap="2"
              borderWidth="1px"
              borderRadius="md"
              p="3"
              borderColor={verdict.conforming ? 'green.muted' : 'red.muted'}
              aria-live="polite"
              data-testid="try-verdict"
              data-conforming={verdict.conforming}
            >
              <HStack gap="2" wrap="wrap">
                <StateTag
                  label={t(verdict.conforming ? `${T}.rule.conforming` : `${T}.rule.not_conforming`)}
                  color={verdict.conforming ? CONCRETE_TAG_COLORS.good : CONCRETE_TAG_COLORS.bad}
                />
                <Text textStyle="sm" color="fg.muted">
                  {t(`${T}.rule.try_stats`, {
                    count: parsed.results.length,
                    mean: mpa(verdict.mean),
                    specified: mpa(specified),
                  })}
                </Text>
              </HStack>
              {verdict.conforming ? (
                <Text textStyle="sm" data-testid="try-why">
                  {t(`${T}.rule.conforming_why`, {
                    required: mpa(specified + rule.mean_margin_mpa),
                    floor: mpa(specified - rule.single_margin_mpa),
                  })}
                </Text>
              ) : (
                <Stack as="ul" gap="1" ps="5" listStyleType="disc" textStyle="sm" data-testid="try-why">
                  {verdict.failures.map((f) => (
                    <li key={`${f.kind}-${f.kind === 'mean' ? f.from : f.index}`}>{failureText(t, f, specified)}</li>
                  ))}
                </Stack>
              )}
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
