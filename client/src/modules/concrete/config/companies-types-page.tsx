import { useState } from 'react';
import { Box, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  AGGREGATE_SIZES_MM,
  CONCRETE_CONFIDENCE_LEVELS,
  CONCRETE_EDIT,
  CONCRETE_GRADES,
  CONCRETE_NAME_MAX,
  CONCRETE_TYPE_DESCRIPTION_MAX,
  SLUMP_CM_MAX,
  STRUCTURAL_GRADE_MIN,
  specifiedStrengthOf,
  typeDesignation,
  type ConcreteGrade,
} from '#domain/concrete';
import type { ConcreteCompany, ConcreteType } from '#domain/concrete-responses';
import { concreteCompanyCreateSchema, concreteTypeCreateSchema } from '#domain/schemas/concrete';
import { formatRut, rutLabelKey } from '#domain/validation';
import { useAuthUser, useCan } from '../../../api/session/auth-user.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { SelectField, TextAreaField, TextField } from '../../../widgets/form-fields.tsx';
import { NumberInput } from '../../../widgets/number-input.tsx';
import { StateTag } from '../../../widgets/state-tag.tsx';
import { ToggleInput } from '../../../widgets/toggle-input.tsx';
import { companies, types } from '../api/config.ts';
import { CatalogueEditor } from '../components/catalogue-section.tsx';
import { CONCRETE_TAG_COLORS, HomologatedTag } from '../components/state-tags.tsx';
import { useCatalogueSave } from '../components/use-catalogue-save.ts';
import { ConcreteConfigTabs } from './config-tabs.tsx';
import { mpa } from './rule-text.ts';

const T = 'concrete.config';

/**
 * config/hormigon/empresas-y-tipos (docs/product.md §2, "Concrete configuration"): the concrete companies that supply
 * the works, with their homologated flag, and the concrete types ordered on a dispatch guide ("G25 (90) 20 10").
 * Read-only without hormigon_editar.
 */
export function CompaniesTypesConfigPage() {
  const { t } = useTranslation();
  const canEdit = useCan(CONCRETE_EDIT);
  return (
    <ConcreteConfigTabs>
      <Stack gap="4" pt="2">
        <PageHeader
          title={t('routes.config.hormigon.empresas-y-tipos.title')}
          subtitle={t(`${T}.companies_types.intro`)}
        />
        {!canEdit ? (
          <Text textStyle="sm" color="fg.muted" data-testid="concrete-read-only">
            {t(`${T}.read_only`)}
          </Text>
        ) : null}
        <CompaniesSection canEdit={canEdit} />
        <TypesSection canEdit={canEdit} />
      </Stack>
    </ConcreteConfigTabs>
  );
}

// ── Concrete companies ──────────────────────────────────────────────────────────────────────────────────

function CompaniesSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const rutLabel = t(rutLabelKey(user?.company.country ?? 'CL'));
  return (
    <CatalogueEditor
      catalogue={companies}
      testId="companies"
      texts={`${T}.companies`}
      canEdit={canEdit}
      nameOf={(c) => c.name}
      render={(c) => (
        <>
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="medium" wordBreak="break-word">
              {c.name}
            </Text>
            <HomologatedTag homologated={c.homologated} />
          </HStack>
          {c.rut ? (
            <Text textStyle="sm" color="fg.muted">
              {`${rutLabel} ${formatRut(c.rut)}`}
            </Text>
          ) : null}
        </>
      )}
      dialog={(c, onClose) => <CompanyDialog company={c} onClose={onClose} />}
    />
  );
}

/** A concrete company's name, RUT and homologated flag (approved to supply the company's works). */
function CompanyDialog({ company, onClose }: { company: ConcreteCompany | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();
  const existing = company === 'new' ? null : company;
  const [name, setName] = useState(existing?.name ?? '');
  const [rut, setRut] = useState(existing?.rut ? formatRut(existing.rut) : '');
  const [homologated, setHomologated] = useState(existing?.homologated ?? false);
  const { errors, save, busy } = useCatalogueSave(companies, company, onClose);
  const submit = () => save(concreteCompanyCreateSchema, { name, rut, homologated });
  return (
    <FormDialog
      open
      title={t(existing ? `${T}.companies.edit` : `${T}.companies.new`)}
      submitLabel={t(existing ? `${T}.save` : `${T}.create`)}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      testId="company-dialog"
    >
      <TextField
        label={t(`${T}.name`)}
        required
        value={name}
        onChange={setName}
        maxLength={CONCRETE_NAME_MAX}
        error={errors.name}
        testId="company-name"
      />
      <TextField
        label={t(rutLabelKey(user?.company.country ?? 'CL'))}
        value={rut}
        onChange={setRut}
        maxLength={20}
        error={errors.rut}
        testId="company-rut"
      />
      <ToggleInput
        label={t(`${T}.companies.homologated_label`)}
        description={t(`${T}.companies.homologated_help`)}
        checked={homologated}
        onChange={setHomologated}
        stateLabels
        name="company-homologated"
      />
    </FormDialog>
  );
}

// ── Concrete types ──────────────────────────────────────────────────────────────────────────────────────

/** Grades from G17 up are structural concrete; below it, lean concrete and fills. */
const isStructuralGrade = (g: ConcreteGrade) =>
  CONCRETE_GRADES.indexOf(g) >= CONCRETE_GRADES.indexOf(STRUCTURAL_GRADE_MIN);

function TypesSection({ canEdit }: { canEdit: boolean }) {
  return (
    <CatalogueEditor
      catalogue={types}
      testId="types"
      texts={`${T}.types`}
      canEdit={canEdit}
      nameOf={(c) => c.designation}
      render={(c) => <TypeLine type={c} />}
      dialog={(c, onClose) => <TypeDialog type={c} onClose={onClose} />}
    />
  );
}

function TypeLine({ type: c }: { type: ConcreteType }) {
  const { t } = useTranslation();
  return (
    <>
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="semibold" fontFamily="mono" data-testid="type-designation">
          {c.designation}
        </Text>
        <StateTag
          size="sm"
          label={t(`${T}.types.strength`, { mpa: mpa(c.strength_mpa) })}
          color={CONCRETE_TAG_COLORS.neutral}
        />
        <StateTag
          size="sm"
          label={t(c.structural ? `${T}.types.structural` : `${T}.types.not_structural`)}
          color={c.structural ? CONCRETE_TAG_COLORS.good : CONCRETE_TAG_COLORS.neutral}
        />
      </HStack>
      <Text textStyle="sm" color="fg.muted">
        {t(`${T}.types.summary`, {
          grade: c.grade,
          confidence: c.confidence,
          aggregate: c.aggregate_mm,
          slump: mpa(c.slump_cm),
        })}
      </Text>
      {c.description ? (
        <Text textStyle="sm" wordBreak="break-word">
          {c.description}
        </Text>
      ) : null}
    </>
  );
}

type TypeForm = {
  grade: ConcreteGrade;
  confidence: string;
  aggregate: string;
  slump: number | null;
  structural: boolean;
  description: string;
};
const typeForm = (c: ConcreteType | null): TypeForm => ({
  grade: c?.grade ?? 'G25',
  confidence: String(c?.confidence ?? 90),
  aggregate: String(c?.aggregate_mm ?? 20),
  slump: c ? c.slump_cm : 10,
  structural: c?.structural ?? true,
  description: c?.description ?? '',
});

/**
 * A concrete type by its designation's parts — grade, level of confidence, maximum aggregate, slump — plus whether
 * it is structural (follows the grade until set by hand) and a description; the designation and the grade's
 * strength are shown as they are typed. Two types with one designation are the server's 422 on the grade.
 */
function TypeDialog({ type, onClose }: { type: ConcreteType | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const existing = type === 'new' ? null : type;
  const [form, setForm] = useState<TypeForm>(() => typeForm(existing));
  const [structuralSet, setStructuralSet] = useState(existing !== null);
  const { errors, save, busy } = useCatalogueSave(types, type, onClose);
  const set = (patch: Partial<TypeForm>) => setForm((f) => ({ ...f, ...patch }));
  const input = {
    grade: form.grade,
    confidence: Number(form.confidence),
    aggregate_mm: Number(form.aggregate),
    slump_cm: form.slump ?? undefined,
    structural: form.structural,
    description: form.description,
  };
  const submit = () => save(concreteTypeCreateSchema, input);
  // As the server writes it (domain/concrete.ts typeDesignation), so the preview is what the list will show.
  const designation = form.slump === null ? null : typeDesignation({ ...input, slump_cm: form.slump });
  return (
    <FormDialog
      open
      title={t(existing ? `${T}.types.edit` : `${T}.types.new`)}
      submitLabel={t(existing ? `${T}.save` : `${T}.create`)}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
      testId="type-dialog"
    >
      <Box
        borderWidth="1px"
        borderRadius="md"
        px="3"
        py="2"
        bg="bg.muted"
        aria-live="polite"
        data-testid="type-preview"
      >
        <Text textStyle="xs" color="fg.muted">
          {t(`${T}.types.designation`)}
        </Text>
        <Text fontFamily="mono" fontWeight="semibold" textStyle="lg">
          {designation ?? '—'}
        </Text>
        <Text textStyle="sm" color="fg.muted">
          {t(`${T}.types.strength_long`, { mpa: mpa(specifiedStrengthOf(form.grade)) })}
        </Text>
      </Box>
      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }} gap="4">
        <SelectField
          label={t(`${T}.types.grade`)}
          required
          value={form.grade}
          onChange={(v) => {
            const grade = v as ConcreteGrade;
            set(structuralSet ? { grade } : { grade, structural: isStructuralGrade(grade) });
          }}
          options={CONCRETE_GRADES.map((g) => ({
            value: g,
            label: t(`${T}.types.grade_option`, { grade: g, mpa: specifiedStrengthOf(g) }),
          }))}
          error={errors.grade}
          testId="type-grade"
        />
        <SelectField
          label={t(`${T}.types.confidence`)}
          required
          value={form.confidence}
          onChange={(v) => set({ confidence: v })}
          options={CONCRETE_CONFIDENCE_LEVELS.map((c) => ({ value: String(c), label: `${c} %` }))}
          helper={t(`${T}.types.confidence_help`)}
          error={errors.confidence}
          testId="type-confidence"
        />
        <SelectField
          label={t(`${T}.types.aggregate`)}
          required
          value={form.aggregate}
          onChange={(v) => set({ aggregate: v })}
          options={AGGREGATE_SIZES_MM.map((s) => ({ value: String(s), label: `${s} mm` }))}
          error={errors.aggregate_mm}
          testId="type-aggregate"
        />
        <div data-testid="type-slump">
          <NumberInput
            label={t(`${T}.types.slump`)}
            value={form.slump}
            onChange={(slump) => set({ slump })}
            precision={1}
            fixed={false}
            min={0}
            max={SLUMP_CM_MAX}
            required
            invalid={Boolean(errors.slump_cm)}
            errorText={errors.slump_cm}
            helperText={t(`${T}.types.slump_help`, { max: SLUMP_CM_MAX })}
          />
        </div>
      </Grid>
      <ToggleInput
        label={t(`${T}.types.structural`)}
        description={t(`${T}.types.structural_help`)}
        checked={form.structural}
        onChange={(structural) => {
          setStructuralSet(true);
          set({ structural });
        }}
        stateLabels
        name="type-structural"
      />
      <TextAreaField
        label={t(`${T}.types.description`)}
        value={form.description}
        onChange={(description) => set({ description })}
        maxLength={CONCRETE_TYPE_DESCRIPTION_MAX}
        rows={3}
        error={errors.description}
        testId="type-description"
      />
    </FormDialog>
  );
}
