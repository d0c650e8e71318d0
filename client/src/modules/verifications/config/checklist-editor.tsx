import { useEffect, useRef, useState } from 'react';
import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  CHECKPOINT_GUIDANCE_MAX,
  CHECKPOINT_TITLE_MAX,
  EVIDENCE_KINDS,
  TEMPLATE_CHECKPOINTS_MAX,
  type EvidenceKind,
} from '#domain/verifications';
import type { CheckpointView } from '#domain/verifications-responses';
import type { FieldErrors } from '../../../shared/forms.ts';
import { SelectField, TextAreaField, TextField } from '../../../widgets/form-fields.tsx';

const T = 'verifications_ui.templates';

/** A checkpoint being edited; `key` only keeps its fields (and focus) with it while the list is reordered. */
export type CheckpointDraft = { key: number; title: string; guidance: string; evidence: EvidenceKind };

let nextKey = 1;
export const checkpointDraft = (c?: CheckpointView): CheckpointDraft => ({
  key: nextKey++,
  title: c?.title ?? '',
  guidance: c?.guidance ?? '',
  evidence: c?.evidence ?? 'ninguna',
});

type Props = {
  value: CheckpointDraft[];
  /** `moved`: the checkpoints changed places or one left, so errors by position no longer match. */
  onChange: (next: CheckpointDraft[], moved: boolean) => void;
  /** By the request's path: `checkpoints` (none) and `checkpoints.<i>.title` / `.guidance` / `.evidence`. */
  errors: FieldErrors;
};

/**
 * A template's checklist in its order: each checkpoint's title, guidance (optional) and the evidence it needs, moved
 * up and down or removed with buttons (the focus stays on the button pressed, so the keyboard can keep moving it),
 * and one more added at the end (at most TEMPLATE_CHECKPOINTS_MAX).
 */
export function ChecklistEditor({ value, onChange, errors }: Props) {
  const { t } = useTranslation();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (!focus) return;
    const [key, dir] = focus.split(':');
    const el = buttons.current.get(focus);
    const other = buttons.current.get(`${key}:${dir === 'up' ? 'down' : 'up'}`);
    (el && !el.disabled ? el : other)?.focus();
    setFocus(null);
  }, [focus]);

  const evidenceOptions = EVIDENCE_KINDS.map((e) => ({ value: e, label: t(`verifications_ui.evidence.${e}`) }));
  const edit = (i: number, patch: Partial<CheckpointDraft>) =>
    onChange(
      value.map((c, j) => (j === i ? { ...c, ...patch } : c)),
      false,
    );
  const move = (i: number, dir: 'up' | 'down') => {
    const j = dir === 'up' ? i - 1 : i + 1;
    if (j < 0 || j >= value.length) return;
    const next = [...value];
    [next[i], next[j]] = [next[j], next[i]];
    onChange(next, true);
    setFocus(`${value[i].key}:${dir}`);
  };
  const remove = (i: number) =>
    onChange(
      value.filter((_, j) => j !== i),
      true,
    );
  const add = () => onChange([...value, checkpointDraft()], false);
  const ref = (id: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(id, el);
    else buttons.current.delete(id);
  };

  return (
    <Stack gap="3" data-testid="checklist-editor">
      <Stack gap="0.5">
        <Text fontWeight="semibold">{t(`${T}.checklist`)}</Text>
        <Text textStyle="sm" color="fg.muted">
          {t(`${T}.checklist_help`)}
        </Text>
      </Stack>
      {errors.checkpoints ? (
        <Text color="fg.error" textStyle="sm" data-testid="checklist-error">
          {errors.checkpoints}
        </Text>
      ) : null}
      <Stack as="ol" gap="3" listStyleType="none" aria-label={t(`${T}.checklist`)}>
        {value.map((c, i) => {
          const n = i + 1;
          const field = (name: string) => errors[`checkpoints.${i}.${name}`];
          return (
            <Box
              as="li"
              key={c.key}
              borderWidth="1px"
              rounded="md"
              p="3"
              data-testid="checkpoint"
              aria-label={t(`${T}.checkpoint_n`, { n })}
            >
              <Stack gap="3">
                <HStack gap="1" justify="space-between">
                  <Text fontWeight="medium" textStyle="sm" color="fg.muted">
                    {t(`${T}.checkpoint_n`, { n })}
                  </Text>
                  <HStack gap="1">
                    <IconButton
                      ref={ref(`${c.key}:up`)}
                      size="sm"
                      minW="44px"
                      minH="44px"
                      variant="ghost"
                      aria-label={t(`${T}.move_up`, { n })}
                      disabled={i === 0}
                      onClick={() => move(i, 'up')}
                      data-testid={`checkpoint-up-${i}`}
                    >
                      <ArrowUp />
                    </IconButton>
                    <IconButton
                      ref={ref(`${c.key}:down`)}
                      size="sm"
                      minW="44px"
                      minH="44px"
                      variant="ghost"
                      aria-label={t(`${T}.move_down`, { n })}
                      disabled={i === value.length - 1}
                      onClick={() => move(i, 'down')}
                      data-testid={`checkpoint-down-${i}`}
                    >
                      <ArrowDown />
                    </IconButton>
                    <IconButton
                      size="sm"
                      minW="44px"
                      minH="44px"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t(`${T}.remove`, { n })}
                      onClick={() => remove(i)}
                      data-testid={`checkpoint-remove-${i}`}
                    >
                      <Trash2 />
                    </IconButton>
                  </HStack>
                </HStack>
                <TextField
                  label={t(`${T}.checkpoint_title`)}
                  required
                  value={c.title}
                  onChange={(title) => edit(i, { title })}
                  maxLength={CHECKPOINT_TITLE_MAX}
                  error={field('title')}
                  testId={`checkpoint-title-${i}`}
                />
                <TextAreaField
                  label={t(`${T}.guidance`)}
                  helper={t(`${T}.guidance_help`)}
                  value={c.guidance}
                  onChange={(guidance) => edit(i, { guidance })}
                  maxLength={CHECKPOINT_GUIDANCE_MAX}
                  rows={2}
                  error={field('guidance')}
                  testId={`checkpoint-guidance-${i}`}
                />
                <SelectField
                  label={t(`${T}.evidence`)}
                  value={c.evidence}
                  onChange={(v) => edit(i, { evidence: v as EvidenceKind })}
                  options={evidenceOptions}
                  error={field('evidence')}
                  testId={`checkpoint-evidence-${i}`}
                />
              </Stack>
            </Box>
          );
        })}
      </Stack>
      <Box>
        <Button
          variant="outline"
          minH="44px"
          onClick={add}
          disabled={value.length >= TEMPLATE_CHECKPOINTS_MAX}
          data-testid="checkpoint-add"
        >
          <Plus />
          {t(`${T}.add_checkpoint`)}
        </Button>
        <Text textStyle="xs" color="fg.muted" mt="1">
          {t(`${T}.checkpoint_count`, { count: value.length, max: TEMPLATE_CHECKPOINTS_MAX })}
        </Text>
      </Box>
    </Stack>
  );
}
