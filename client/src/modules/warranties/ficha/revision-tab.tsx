import { useEffect, useState } from 'react';
import { Badge, Button, Card, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DELIVERY_TEXT_MAX } from '#domain/limits';
import { REVISION_OUTCOMES, revisionSchema } from '#domain/schemas/deliveries';
import { serverFieldErrors, validate, type FieldErrors } from '../../../shared/forms.ts';
import { useCan } from '../../../shared/session/auth-user.ts';
import { PageSpinner } from '../../../shared/layout/page-states.tsx';
import { showSuccessToast } from '../../../api/notify.ts';
import { FileUploader } from '../../../widgets/upload/file-uploader.tsx';
import { SelectField, TextAreaField } from '../components/form-fields.tsx';
import { deliveryKeys, fichaApi, revisionQuery, type RevisionItem } from './ficha-api.ts';
import { REVIEW, useUnitId } from './use-unit-id.ts';

type Photo = { path: string; name: string; size: number; type: string };
type Answer = { outcome: string; failure_type_id: string; observation: string; photos: Photo[] };
const fromItem = (i: RevisionItem): Answer => ({
  outcome: i.result?.outcome ?? '', failure_type_id: i.result?.failure_type_id ? String(i.result.failure_type_id) : '',
  observation: i.result?.observation ?? '', photos: (i.result?.photos ?? []) as Photo[],
});

/** docs/product.md §2 revision: the pre-delivery inspection by place and item of the unit type's catalogue. */
export function RevisionTab() {
  const { t } = useTranslation();
  const unitId = useUnitId();
  const queryClient = useQueryClient();
  const canEdit = useCan(REVIEW);
  const query = useQuery(revisionQuery(unitId));
  const [answers, setAnswers] = useState<Record<number, Answer>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (!query.data) return;
    const all = query.data.areas.flatMap((a) => a.places.flatMap((p) => p.items));
    setAnswers(Object.fromEntries(all.map((i) => [i.id, fromItem(i)])));
  }, [query.data]);
  const save = useMutation({
    mutationFn: (results: unknown[]) => fichaApi.saveRevision(unitId, results),
    onSuccess: () => { showSuccessToast(t('deliveries_ui.messages.saved')); void queryClient.invalidateQueries({ queryKey: deliveryKeys.detail('ficha', unitId) }); },
    onError: (err) => setErrors(serverFieldErrors(err)),
  });
  if (query.isPending) return <PageSpinner minH="20vh" />;
  const data = query.data;
  if (!data?.unit_type || !data.areas.length) return <Text color="fg.muted">{t('deliveries_ui.revision.no_catalogue')}</Text>;

  const answered = Object.entries(answers).filter(([, a]) => a.outcome);
  const submit = () => {
    const results = answered.map(([id, a]) => ({
      item_id: Number(id), outcome: a.outcome, failure_type_id: a.outcome === 'falla' && a.failure_type_id ? Number(a.failure_type_id) : null,
      observation: a.observation, photos: a.photos,
    }));
    const checked = validate(revisionSchema, { results }, t);
    if (!checked.ok) { setErrors(checked.errors); return; }
    setErrors({});
    save.mutate(checked.data.results);
  };
  const set = (id: number, patch: Partial<Answer>) => setAnswers((s) => ({ ...s, [id]: { ...s[id]!, ...patch } }));
  const indexOf = (id: number) => answered.findIndex(([k]) => Number(k) === id);

  return (
    <Stack gap="4">
      <HStack gap="2" wrap="wrap">
        <Badge>{t('deliveries_ui.revision.answered', { answered: data.summary.answered, items: data.summary.items })}</Badge>
        <Badge colorPalette="orange">{t('deliveries_ui.revision.pending', { count: data.summary.pending_failures })}</Badge>
      </HStack>
      {data.areas.map((area) => (
        <Stack key={area.id} gap="3">
          <Heading as="h3" size="md">{area.name}</Heading>
          {area.places.map((place) => (
            <Card.Root key={place.id} size="sm"><Card.Body>
              <Heading as="h4" size="sm" mb="2">{place.name}</Heading>
              <Stack gap="4">
                {place.items.map((item) => {
                  const a = answers[item.id] ?? fromItem(item);
                  const at = indexOf(item.id);
                  const err = (f: string) => (at >= 0 ? errors[`results.${at}.${f}`] : undefined);
                  return (
                    <Grid key={item.id} templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="3" data-testid={`revision-item-${item.id}`}>
                      <SelectField label={item.name} value={a.outcome} disabled={!canEdit} placeholder={t('deliveries_ui.revision.no_outcome')} testId={`outcome-${item.id}`}
                        options={REVISION_OUTCOMES.map((o) => ({ value: o, label: t(`deliveries.outcomes.${o}`) }))} onChange={(v) => set(item.id, { outcome: v })} />
                      {a.outcome === 'falla' ? (
                        <SelectField label={t('deliveries_ui.revision.failure')} value={a.failure_type_id} required disabled={!canEdit} error={err('failure_type_id')}
                          placeholder="" options={item.failures.map((f) => ({ value: String(f.id), label: `${f.name} (${t(`warranties.severities.${f.severity}`, { defaultValue: f.severity })})` }))}
                          onChange={(v) => set(item.id, { failure_type_id: v })} testId={`failure-${item.id}`} />
                      ) : <span />}
                      {a.outcome ? (
                        <TextAreaField label={t('deliveries_ui.revision.observation')} rows={2} value={a.observation} maxLength={DELIVERY_TEXT_MAX} disabled={!canEdit}
                          helper={`${a.observation.length} / ${DELIVERY_TEXT_MAX}`} error={err('observation')} onChange={(v) => set(item.id, { observation: v })} />
                      ) : null}
                      {a.outcome && canEdit ? (
                        <Stack gridColumn={{ md: 'span 3' }}>
                          {a.photos.length ? <Text textStyle="xs" color="fg.muted">{t('deliveries_ui.revision.photos', { count: a.photos.length })}</Text> : null}
                          <FileUploader context="general" accept={['jpg', 'jpeg', 'png']} label={t('deliveries_ui.revision.add_photos')}
                            onChange={(items) => set(item.id, { photos: [...(fromItem(item).photos), ...items.map((p) => ({ path: p.path, name: p.name, size: p.size, type: p.type }))] })} />
                        </Stack>
                      ) : null}
                    </Grid>
                  );
                })}
              </Stack>
            </Card.Body></Card.Root>
          ))}
        </Stack>
      ))}
      {errors.results ? <Text color="fg.error">{errors.results}</Text> : null}
      {canEdit ? <Button alignSelf="flex-end" colorPalette="brand" loading={save.isPending} onClick={submit} disabled={!answered.length} data-testid="revision-save">{t('deliveries_ui.actions.save')}</Button> : null}
    </Stack>
  );
}
