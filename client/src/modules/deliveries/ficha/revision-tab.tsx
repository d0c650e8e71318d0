import { useEffect, useMemo, useState } from 'react';
import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { revisionSchema } from '#domain/schemas/deliveries';
import { serverFieldErrors } from '../../../api/errors.ts';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { useCan } from '../../../api/session/auth-user.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { showSuccessToast } from '../../../api/notify.ts';
import { revisionQuery, type Revision } from '../api/ficha-api.ts';
import { useSaveRevision } from '../api/ficha-tabs-api.ts';
import { REVIEW, useUnitId } from './use-unit-id.ts';
import { areaProgress, RevisionArea } from './revision-area.tsx';
import { storedAnswer, type RevisionAnswer } from './revision-item.tsx';
import { RevisionPlan } from './revision-plan.tsx';

const itemsOf = (data: Revision) => data.areas.flatMap((a) => a.places.flatMap((p) => p.items));

/** The first area with items left to answer opens by default (the first one when all are answered). */
function firstOpen(data: Revision): number[] {
  const area = data.areas.find((a) => a.places.some((p) => p.items.some((i) => !i.result))) ?? data.areas[0];
  return area ? [area.id] : [];
}

/**
 * docs/product.md §2 revision: the pre-delivery inspection by area, place and item of the unit type's
 * catalogue. Areas fold, each with its progress; the save bar stays in view with the overall progress
 * and whether there are unsaved changes, which also guard leaving the page.
 */
export function RevisionTab() {
  const { t } = useTranslation();
  const unitId = useUnitId();
  const canEdit = useCan(REVIEW);
  const query = useQuery(revisionQuery(unitId));
  const [answers, setAnswers] = useState<Record<number, RevisionAnswer>>({});
  const [open, setOpen] = useState<number[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Each revision that arrives (the first load, a save's answer) resets the answers to what is stored, while
  // rendering rather than in an effect, so no frame shows the areas folded or the progress at zero.
  const [synced, setSynced] = useState<Revision | undefined>(undefined);
  if (query.data && query.data !== synced) {
    const data = query.data;
    setSynced(data);
    setAnswers(Object.fromEntries(itemsOf(data).map((i) => [i.id, storedAnswer(i)])));
    setOpen((o) => o ?? firstOpen(data));
  }
  const progress = useMemo(() => {
    const areas = (query.data?.areas ?? []).map((a) => areaProgress(a, answers));
    const sum = (k: 'items' | 'answered' | 'failures') => areas.reduce((n, a) => n + a[k], 0);
    return {
      items: sum('items'),
      answered: sum('answered'),
      failures: sum('failures'),
      dirty: areas.some((a) => a.changed),
    };
  }, [query.data, answers]);
  // Leaving the page (reload, close) with unsaved answers asks first.
  useEffect(() => {
    if (!progress.dirty) return undefined;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [progress.dirty]);
  const save = useSaveRevision(unitId);
  if (query.isPending) return <PageSpinner minH="20vh" />;
  const data = query.data;
  if (!data?.unit_type || !data.areas.length)
    return <Text color="fg.muted">{t('deliveries_ui.revision.no_catalogue')}</Text>;

  const answered = Object.entries(answers).filter(([, a]) => a.outcome);
  const submit = () => {
    const results = answered.map(([id, a]) => ({
      item_id: Number(id),
      outcome: a.outcome,
      failure_type_id: a.outcome === 'falla' && a.failure_type_id ? Number(a.failure_type_id) : null,
      observation: a.observation,
      photos: a.photos,
    }));
    const checked = validate(revisionSchema, { results }, t);
    if (!checked.ok) {
      setErrors(checked.errors);
      // An error inside a folded area must be seen: open the areas of the items it names.
      const wrong = new Set(Object.keys(checked.errors).map((k) => results[Number(k.split('.')[1])]?.item_id));
      const areas = data.areas.filter((a) => a.places.some((p) => p.items.some((i) => wrong.has(i.id))));
      setOpen((o) => [...new Set([...(o ?? []), ...areas.map((a) => a.id)])]);
      return;
    }
    setErrors({});
    save.mutate(checked.data.results, {
      onSuccess: () => showSuccessToast(t('deliveries_ui.messages.saved')),
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };
  const set = (id: number, patch: Partial<RevisionAnswer>) =>
    setAnswers((s) => ({ ...s, [id]: { ...s[id]!, ...patch } }));
  const errorOf = (id: number, field: string) => {
    const at = answered.findIndex(([k]) => Number(k) === id);
    return at >= 0 ? errors[`results.${at}.${field}`] : undefined;
  };
  const openIds = open ?? [];
  const allOpen = openIds.length === data.areas.length;
  const toggle = (id: number) =>
    setOpen((o) => ((o ?? []).includes(id) ? (o ?? []).filter((x) => x !== id) : [...(o ?? []), id]));

  return (
    <Stack gap="3">
      <HStack justify="flex-end">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setOpen(allOpen ? [] : data.areas.map((a) => a.id))}
          data-testid="revision-toggle-all"
        >
          {t(allOpen ? 'deliveries_ui.revision.collapse_all' : 'deliveries_ui.revision.expand_all')}
        </Button>
      </HStack>
      {data.areas.map((area) => (
        <RevisionArea
          key={area.id}
          area={area}
          open={openIds.includes(area.id)}
          onToggle={() => toggle(area.id)}
          answers={answers}
          canEdit={canEdit}
          error={errorOf}
          onChange={set}
        />
      ))}
      {errors.results ? <Text color="fg.error">{errors.results}</Text> : null}
      <RevisionPlan unitId={unitId} />
      <Box
        position="sticky"
        bottom="0"
        zIndex="docked"
        bg="bg"
        borderTopWidth="1px"
        boxShadow="md"
        mx={{ base: '-3', md: '0' }}
        px="3"
        py="2"
        borderRadius={{ md: 'md' }}
        data-testid="revision-save-bar"
      >
        <HStack gap="2" wrap="wrap" justify="space-between">
          <HStack gap="2" wrap="wrap">
            <Badge data-testid="revision-progress">
              {t('deliveries_ui.revision.answered', { answered: progress.answered, items: progress.items })}
            </Badge>
            <Badge colorPalette="orange">{t('deliveries_ui.revision.pending', { count: progress.failures })}</Badge>
            {progress.dirty ? (
              <Badge colorPalette="yellow" role="status" data-testid="revision-unsaved">
                {t('deliveries_ui.revision.unsaved')}
              </Badge>
            ) : null}
          </HStack>
          {canEdit ? (
            <Button
              colorPalette="brand"
              loading={save.isPending}
              onClick={submit}
              disabled={!progress.dirty}
              minH="11"
              data-testid="revision-save"
            >
              {t('deliveries_ui.actions.save')}
            </Button>
          ) : null}
        </HStack>
      </Box>
    </Stack>
  );
}
