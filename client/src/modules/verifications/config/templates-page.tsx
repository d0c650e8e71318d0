import { useState } from 'react';
import { Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RECEPTION_TEMPLATES_EDIT, TEMPLATE_NAME_MAX, WORK_PACKAGE_MAX } from '#domain/verifications';
import { templateCreateSchema, type TemplateUpdateInput } from '#domain/schemas/verifications';
import type { ReceptionTemplate } from '#domain/verifications-responses';
import { isApiError } from '../../../api/errors.ts';
import { showErrorToast, showSuccessToast } from '../../../api/notify.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { PageHeader } from '../../../shared/layout/page-states.tsx';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { TextField } from '../../../widgets/form-fields.tsx';
import { QueryState } from '../../../widgets/query-state.tsx';
import { StateTag } from '../../../widgets/state-tag.tsx';
import { ToggleInput } from '../../../widgets/toggle-input.tsx';
import { useCreateTemplate, useUpdateTemplate } from '../api/template-mutations.ts';
import { templatesQuery } from '../api/templates.ts';
import { ChecklistEditor, checkpointDraft, type CheckpointDraft } from './checklist-editor.tsx';
import { writeCallbacks } from '../../../widgets/write-callbacks.ts';

const T = 'verifications_ui.templates';
const ACTIVE_COLOR = '#1e8449';
const INACTIVE_COLOR = '#6b7280';

/**
 * config/recepciones (docs/product.md §2, config/recepciones): the company's reception templates, the checklist an
 * inspector walks through when a reception of that work package is received on site. Templates are deactivated,
 * never deleted (receptions name them); receptions already started keep their own copy of the checklist. Read-only
 * without config_recepciones.
 */
export function ReceptionTemplatesPage() {
  const { t } = useTranslation();
  const canEdit = useCan(RECEPTION_TEMPLATES_EDIT);
  const query = useQuery(templatesQuery());
  const update = useUpdateTemplate();
  const [editing, setEditing] = useState<ReceptionTemplate | 'new' | null>(null);
  const setActive = (row: ReceptionTemplate, active: boolean) =>
    update.mutateAsync({ id: row.id, input: { active } }).then(
      () => showSuccessToast(t(active ? `${T}.enabled_toast` : `${T}.disabled_toast`, { name: row.name })),
      (err: unknown) => showErrorToast(isApiError(err) ? err.status : 0, isApiError(err) ? err.message : null),
    );
  return (
    <Stack gap="4" pt="2" data-testid="templates-page">
      <PageHeader
        title={t('routes.config.recepciones.title')}
        subtitle={t(`${T}.intro`)}
        actions={
          canEdit ? (
            <Button colorPalette="brand" minH="44px" onClick={() => setEditing('new')} data-testid="template-new">
              {t(`${T}.new`)}
            </Button>
          ) : null
        }
      />
      {!canEdit ? (
        <Text textStyle="sm" color="fg.muted" data-testid="templates-read-only">
          {t(`${T}.read_only`)}
        </Text>
      ) : null}
      <QueryState query={query} minH="160px">
        {(rows) =>
          rows.length === 0 ? (
            <Card.Root size="sm" data-testid="templates-empty">
              <Card.Body>
                <Stack gap="2">
                  <Text fontWeight="semibold">{t(`${T}.empty_title`)}</Text>
                  <Text color="fg.muted">{t(`${T}.empty`)}</Text>
                </Stack>
              </Card.Body>
            </Card.Root>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none" aria-label={t(`${T}.list_label`)} data-testid="templates-list">
              {rows.map((row) => (
                <TemplateRow
                  key={row.id}
                  row={row}
                  canEdit={canEdit}
                  onEdit={() => setEditing(row)}
                  setActive={(active) => setActive(row, active)}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
      {editing ? <TemplateDialog template={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}

function TemplateRow({
  row,
  canEdit,
  onEdit,
  setActive,
}: {
  row: ReceptionTemplate;
  canEdit: boolean;
  onEdit: () => void;
  setActive: (active: boolean) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Card.Root as="li" size="sm" data-testid={`template-${row.id}`} data-active={row.active}>
      <Card.Body>
        <Flex gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
          <Stack gap="1" flex="1" minW="0" color={row.active ? undefined : 'fg.muted'}>
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold" wordBreak="break-word">
                {row.name}
              </Text>
              {!canEdit ? (
                <StateTag
                  size="sm"
                  label={t(row.active ? `${T}.active` : `${T}.inactive`)}
                  color={row.active ? ACTIVE_COLOR : INACTIVE_COLOR}
                />
              ) : null}
            </HStack>
            <Text textStyle="sm" wordBreak="break-word">
              {t(`${T}.work_package_of`, { name: row.work_package })}
            </Text>
            <Text textStyle="sm" color="fg.muted" data-testid="template-counts">
              {t(`${T}.checkpoints_count`, { count: row.checkpoints.length })}
              {' · '}
              {t(`${T}.receptions_count`, { count: row.reception_count })}
            </Text>
          </Stack>
          {canEdit ? (
            <HStack gap="3" wrap="wrap" role="group" aria-label={t(`${T}.actions_for`, { name: row.name })}>
              <ToggleInput
                label={t(`${T}.active`)}
                checked={row.active}
                onChange={setActive}
                name={`template-${row.id}-active`}
              />
              <Button size="sm" minH="44px" variant="outline" onClick={onEdit} data-testid="template-edit">
                {t(`${T}.edit`)}
              </Button>
            </HStack>
          ) : null}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

type Body = { name: string; work_package: string; checkpoints: ReceptionTemplate['checkpoints'] };

/** What changed against the stored template (a PATCH sends only that; a new checklist replaces the old one). */
function changesOf(body: Body, stored: ReceptionTemplate): TemplateUpdateInput {
  const out: TemplateUpdateInput = {};
  if (body.name !== stored.name) out.name = body.name;
  if (body.work_package !== stored.work_package) out.work_package = body.work_package;
  if (JSON.stringify(body.checkpoints) !== JSON.stringify(stored.checkpoints)) out.checkpoints = body.checkpoints;
  return out;
}

/**
 * A template's name, work package and checklist. Checked with the create schema (the server's own) before it is
 * sent; field errors, the client's or the server's 422 (nested `checkpoints.<i>.title` included), land on their field.
 */
function TemplateDialog({ template, onClose }: { template: ReceptionTemplate | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const stored = template === 'new' ? null : template;
  const [name, setName] = useState(stored?.name ?? '');
  const [workPackage, setWorkPackage] = useState(stored?.work_package ?? '');
  const [checkpoints, setCheckpoints] = useState<CheckpointDraft[]>(() =>
    stored ? stored.checkpoints.map(checkpointDraft) : [checkpointDraft()],
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateTemplate();
  const update = useUpdateTemplate();

  const onChecklist = (next: CheckpointDraft[], moved: boolean) => {
    setCheckpoints(next);
    // Errors are by position: once the checkpoints move they would sit on the wrong one.
    if (moved) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('checkpoints'))));
  };
  const callbacks = writeCallbacks(t, setErrors, onClose, `${T}.saved`);
  const submit = () => {
    const checked = validate(
      templateCreateSchema,
      {
        name,
        work_package: workPackage,
        checkpoints: checkpoints.map(({ title, guidance, evidence }) => ({ title, guidance, evidence })),
      },
      t,
    );
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const body: Body = {
      ...checked.data,
      checkpoints: checked.data.checkpoints.map((c) => ({ ...c, guidance: c.guidance ?? null })),
    };
    if (!stored) return create.mutate(body, callbacks);
    const changes = changesOf(body, stored);
    if (Object.keys(changes).length === 0) return onClose();
    update.mutate({ id: stored.id, input: changes }, callbacks);
  };

  return (
    <FormDialog
      open
      title={t(stored ? `${T}.edit_title` : `${T}.new`)}
      submitLabel={t(stored ? `${T}.save` : `${T}.create`)}
      busy={create.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="template-dialog"
    >
      <TextField
        label={t(`${T}.name`)}
        required
        value={name}
        onChange={setName}
        maxLength={TEMPLATE_NAME_MAX}
        error={errors.name}
        testId="template-name"
      />
      <TextField
        label={t(`${T}.work_package`)}
        helper={t(`${T}.work_package_help`)}
        required
        value={workPackage}
        onChange={setWorkPackage}
        maxLength={WORK_PACKAGE_MAX}
        error={errors.work_package}
        testId="template-work-package"
      />
      <ChecklistEditor value={checkpoints} onChange={onChecklist} errors={errors} />
    </FormDialog>
  );
}
