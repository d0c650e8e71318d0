import { useRef, useState } from 'react';
import {
  Box,
  Button,
  Card,
  chakra,
  Field,
  HStack,
  IconButton,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Camera, Check, CircleAlert, LoaderCircle, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { thumbnailPathOf } from '#domain/files';
import type { AttachmentView } from '#domain/responses';
import type { CheckpointAnswerInput } from '#domain/schemas/verifications';
import {
  CHECKPOINT_PHOTOS_MAX,
  CHECKPOINT_RESULTS,
  FOLLOW_UP_DEFAULT_DAYS,
  needsNote,
  needsPhoto,
  OBSERVATION_MAX,
  type CheckpointResult,
} from '#domain/verifications';
import type { ReceptionDetail, ReceptionItem } from '#domain/verifications-responses';
import { DateField } from '../../../widgets/date-field.tsx';
import { toIsoDate } from '../../../widgets/date-range.ts';
import { messageOf } from '../../../widgets/gantt/gantt-data.ts';
import { FileThumbnail } from '../../../widgets/upload/file-thumbnail.tsx';
import { useAnswerCheckpoint, useUploadPhoto } from '../api/inspection-mutations.ts';
import { RESULT_COLORS } from '../components/reception-state-tag.tsx';

const T = 'verifications_ui.inspection';
/** today + FOLLOW_UP_DEFAULT_DAYS: the due date a failed checkpoint proposes. */
export const defaultDueOn = (today = new Date()) =>
  toIsoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + FOLLOW_UP_DEFAULT_DAYS));
export const checkpointElementId = (itemId: number) => `checkpoint-${itemId}`;

type SaveStatus = { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };
type Patch = { result?: CheckpointResult; note?: string | null; due_on?: string | null; photos?: AttachmentView[] };

/**
 * The inspection on site (state en_inspeccion): how many checkpoints are answered, then one card per checkpoint.
 * Each answer is saved at once (PUT …/puntos/{itemId}), shown before the server answers; each card says whether its
 * last answer was saved or why not. `errors` are the sign-off's refusals per checkpoint (items.<itemId>).
 */
export function Checklist({
  reception,
  editable,
  errors,
}: {
  reception: ReceptionDetail;
  editable: boolean;
  errors: Record<number, string>;
}) {
  const { t } = useTranslation();
  const answer = useAnswerCheckpoint(reception.id);
  const upload = useUploadPhoto();
  const [status, setStatus] = useState<Record<number, SaveStatus>>({});
  const mark = (id: number, s: SaveStatus) => setStatus((all) => ({ ...all, [id]: s }));
  const failed = (id: number, err: unknown) =>
    mark(id, { kind: 'error', message: messageOf(err) || t(`${T}.save_failed`) });

  const save = (item: ReceptionItem, patch: Patch) => {
    const body: CheckpointAnswerInput = {};
    if (patch.result !== undefined) body.result = patch.result;
    if (patch.note !== undefined) body.note = patch.note;
    if (patch.due_on !== undefined) body.due_on = patch.due_on;
    if (patch.photos) body.photo_paths = patch.photos.map((p) => p.path);
    mark(item.id, { kind: 'saving' });
    answer
      .mutateAsync({ itemId: item.id, body, photos: patch.photos })
      .then(() => mark(item.id, { kind: 'saved' }))
      .catch((err: unknown) => failed(item.id, err));
  };
  const addPhoto = (item: ReceptionItem, file: File) => {
    mark(item.id, { kind: 'saving' });
    upload
      .mutateAsync(file)
      .then((photo) => save(item, { photos: [...item.photos, photo] }))
      .catch((err: unknown) => failed(item.id, err));
  };

  const items = [...reception.items].sort((a, b) => a.position - b.position);
  const answered = items.filter((i) => i.result !== null).length;
  return (
    <Stack gap="3">
      <Progress.Root value={items.length ? (answered / items.length) * 100 : 0} colorPalette="brand" size="sm">
        <Progress.Label textStyle="sm" mb="1" data-testid="checklist-progress">
          {t(`${T}.answered_of`, { answered, total: items.length })}
        </Progress.Label>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {items.map((item, index) => (
        <CheckpointCard
          key={item.id}
          item={item}
          index={index + 1}
          editable={editable}
          status={status[item.id]}
          signError={errors[item.id]}
          onAnswer={(patch) => save(item, patch)}
          onAddPhoto={(file) => addPhoto(item, file)}
        />
      ))}
    </Stack>
  );
}

type Draft = { result: CheckpointResult | null; note: string; due_on: string | null };
const draftOf = (item: ReceptionItem): Draft => ({ result: item.result, note: item.note ?? '', due_on: item.due_on });
const serverKey = (item: ReceptionItem) => JSON.stringify([item.result, item.note, item.due_on]);

function CheckpointCard(props: {
  item: ReceptionItem;
  index: number;
  editable: boolean;
  status?: SaveStatus;
  signError?: string;
  onAnswer: (patch: Patch) => void;
  onAddPhoto: (file: File) => void;
}) {
  const { t } = useTranslation();
  const { item, editable, status } = props;
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const [seen, setSeen] = useState(() => serverKey(item));
  const [typing, setTyping] = useState(false);
  const camera = useRef<HTMLInputElement>(null);
  // What the server (or another device) says replaces the draft, unless this card is saving, refused, or being typed in.
  const busy = status?.kind === 'saving' || status?.kind === 'error' || typing;
  if (!busy && serverKey(item) !== seen) {
    setSeen(serverKey(item));
    setDraft(draftOf(item));
  }
  const choose = (result: CheckpointResult) => {
    if (!editable || draft.result === result) return;
    const due_on = result === 'no_cumple' ? (draft.due_on ?? defaultDueOn()) : draft.due_on;
    setDraft({ ...draft, result, due_on });
    props.onAnswer(result === 'no_cumple' ? { result, due_on } : { result });
  };
  const hints = [
    needsPhoto(item.evidence) ? t(`${T}.needs_photo`) : null,
    needsNote(item.evidence) || draft.result === 'no_cumple' ? t(`${T}.needs_note`) : null,
  ].filter(Boolean);
  const highlighted = Boolean(props.signError);
  return (
    <Card.Root
      size="sm"
      id={checkpointElementId(item.id)}
      data-testid="checkpoint-card"
      data-highlighted={highlighted || undefined}
      borderColor={highlighted ? 'border.error' : undefined}
      borderWidth={highlighted ? '2px' : undefined}
      scrollMarginTop="16"
    >
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="2">
          <Box minW="0">
            <Text fontWeight="semibold">{`${props.index}. ${item.title}`}</Text>
            {item.guidance ? (
              <Text textStyle="sm" color="fg.muted">
                {item.guidance}
              </Text>
            ) : null}
            {hints.length ? (
              <Text textStyle="xs" color="fg.muted" mt="1" data-testid="checkpoint-evidence">
                {hints.join(' · ')}
              </Text>
            ) : null}
          </Box>
          <SaveIndicator status={status} />
        </HStack>
        {props.signError ? (
          <Text textStyle="sm" color="fg.error" role="alert" data-testid="checkpoint-sign-error">
            {props.signError}
          </Text>
        ) : null}
        <HStack gap="2" role="group" aria-label={t(`${T}.result`)}>
          {CHECKPOINT_RESULTS.map((r) => {
            const pressed = draft.result === r;
            return (
              <Button
                key={r}
                flex="1"
                minH="48px"
                px="1"
                whiteSpace="normal"
                variant={pressed ? 'solid' : 'outline'}
                aria-pressed={pressed}
                disabled={!editable}
                onClick={() => choose(r)}
                data-testid={`answer-${r}`}
                {...(pressed ? { bg: RESULT_COLORS[r], borderColor: RESULT_COLORS[r], color: 'white' } : {})}
              >
                {t(`${T}.results.${r}`)}
              </Button>
            );
          })}
        </HStack>
        {draft.result === 'no_cumple' ? (
          <DateField
            label={t(`${T}.due_on`)}
            value={draft.due_on ?? ''}
            disabled={!editable}
            onChange={(due_on) => {
              setDraft({ ...draft, due_on: due_on || null });
              if (due_on && due_on !== item.due_on) props.onAnswer({ due_on });
            }}
            testId="checkpoint-due-on"
          />
        ) : null}
        <Field.Root disabled={!editable}>
          <Field.Label>{t(`${T}.note`)}</Field.Label>
          <Textarea
            value={draft.note}
            rows={2}
            maxLength={OBSERVATION_MAX}
            onFocus={() => setTyping(true)}
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
            onBlur={() => {
              setTyping(false);
              const note = draft.note.trim();
              if (note !== (item.note ?? '') || status?.kind === 'error') props.onAnswer({ note: note || null });
            }}
            data-testid="checkpoint-note"
          />
        </Field.Root>
        <Stack gap="2">
          {item.photos.length ? (
            <HStack gap="2" wrap="wrap" data-testid="checkpoint-photos">
              {item.photos.map((p) => (
                <Box key={p.path} position="relative">
                  <FileThumbnail
                    size={64}
                    file={{ name: p.name, path: p.path, url_thumbnail: thumbnailPathOf(p.path) }}
                  />
                  {editable ? (
                    <IconButton
                      size="2xs"
                      variant="solid"
                      colorPalette="gray"
                      position="absolute"
                      top="1"
                      insetEnd="1"
                      aria-label={t(`${T}.remove_photo`, { name: p.name })}
                      onClick={() => props.onAnswer({ photos: item.photos.filter((x) => x.path !== p.path) })}
                      data-testid="checkpoint-photo-remove"
                    >
                      <X size={12} />
                    </IconButton>
                  ) : null}
                </Box>
              ))}
            </HStack>
          ) : null}
          {editable && item.photos.length < CHECKPOINT_PHOTOS_MAX ? (
            <>
              <Button
                variant="outline"
                minH="44px"
                alignSelf="start"
                disabled={status?.kind === 'saving'}
                onClick={() => camera.current?.click()}
              >
                <Camera size={16} aria-hidden /> {t(`${T}.add_photo`)}
              </Button>
              <chakra.input
                ref={camera}
                type="file"
                hidden
                accept="image/*"
                capture="environment"
                aria-label={t(`${T}.add_photo`)}
                data-testid="checkpoint-camera"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (file) props.onAddPhoto(file);
                }}
              />
            </>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function SaveIndicator({ status }: { status?: SaveStatus }) {
  const { t } = useTranslation();
  if (!status) return null;
  if (status.kind === 'saving')
    return (
      <HStack
        gap="1"
        textStyle="xs"
        color="fg.muted"
        flexShrink={0}
        data-testid="checkpoint-status"
        data-status="saving"
      >
        <LoaderCircle size={14} aria-hidden />
        <Text>{t(`${T}.saving`)}</Text>
      </HStack>
    );
  if (status.kind === 'saved')
    return (
      <HStack
        gap="1"
        textStyle="xs"
        color="fg.success"
        flexShrink={0}
        data-testid="checkpoint-status"
        data-status="saved"
      >
        <Check size={14} aria-hidden />
        <Text>{t(`${T}.saved`)}</Text>
      </HStack>
    );
  return (
    <HStack
      gap="1"
      textStyle="xs"
      color="fg.error"
      maxW="50%"
      role="alert"
      data-testid="checkpoint-status"
      data-status="error"
    >
      <CircleAlert size={14} aria-hidden style={{ flexShrink: 0 }} />
      <Text>{status.message}</Text>
    </HStack>
  );
}
