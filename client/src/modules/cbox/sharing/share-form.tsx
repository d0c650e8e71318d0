import { useState } from 'react';
import { Button, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { normalizeLevels, type CboxLevel, type CboxSubjectKind } from '#domain/cbox';
import type { CboxShare } from '#domain/cbox-responses';
import type { CboxTarget } from '#domain/schemas/cbox';
import { showSuccessToast } from '../../../api/notify.ts';
import { subjectsQuery, useCreateShare } from '../api/sharing-api.ts';
import { LevelCheckboxes } from './level-checkboxes.tsx';

const encode = (kind: CboxSubjectKind, id: number) => `${kind}:${id}`;
function decode(value: string): { kind: CboxSubjectKind; id: number } | null {
  const [kind, id] = value.split(':');
  return (kind === 'user' || kind === 'profile') && Number(id) > 0 ? { kind, id: Number(id) } : null;
}

/** Share the item with a user or a profile: who (from GET destinatarios) and which of the caller's levels. */
export function ShareForm({
  target,
  own,
  shares,
}: {
  target: CboxTarget;
  own: readonly CboxLevel[];
  shares: readonly CboxShare[];
}) {
  const { t } = useTranslation();
  const subjects = useQuery(subjectsQuery);
  const create = useCreateShare(target);
  const [subject, setSubject] = useState('');
  const [levels, setLevels] = useState<CboxLevel[]>(normalizeLevels([]));
  const [error, setError] = useState<string>();
  /** Whoever already has a share granted here is changed in the list, not added again. */
  const taken = new Set(shares.filter((s) => !s.inherited_from).map((s) => encode(s.subject.kind, s.subject.id)));
  const options = (kind: CboxSubjectKind, refs: { id: number; name: string }[] = []) =>
    refs
      .filter((r) => !taken.has(encode(kind, r.id)))
      .map((r) => (
        <option key={r.id} value={encode(kind, r.id)}>
          {r.name}
        </option>
      ));

  const submit = () => {
    const chosen = decode(subject);
    if (!chosen) return setError(t('validation.required'));
    setError(undefined);
    create.mutate(
      { subject_kind: chosen.kind, subject_id: chosen.id, levels },
      {
        onSuccess: (share) => {
          showSuccessToast(t('cbox_ui.sharing.added', { name: share.subject.name }));
          setSubject('');
          setLevels(normalizeLevels([]));
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-labelledby="cbox-share-add-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="share-form"
    >
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
        <Text id="cbox-share-add-title" fontWeight="semibold">
          {t('cbox_ui.sharing.add_title')}
        </Text>
        <Field.Root invalid={Boolean(error)} required>
          <Field.Label>
            {t('cbox_ui.sharing.subject_label')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root disabled={!subjects.data}>
            <NativeSelect.Field
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              data-testid="share-subject"
            >
              <option value="">{t('cbox_ui.sharing.subject_placeholder')}</option>
              <optgroup label={t('cbox_ui.sharing.users_group')}>{options('user', subjects.data?.users)}</optgroup>
              <optgroup label={t('cbox_ui.sharing.profiles_group')}>
                {options('profile', subjects.data?.profiles)}
              </optgroup>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
        </Field.Root>
        <LevelCheckboxes
          legend={t('cbox_ui.sharing.levels_label')}
          value={levels}
          grantable={own}
          onChange={setLevels}
          explain
          testId="share-level"
        />
        <Button type="submit" colorPalette="brand" minH="44px" alignSelf="flex-start" loading={create.isPending}>
          {t('cbox_ui.sharing.add')}
        </Button>
      </Stack>
    </form>
  );
}
