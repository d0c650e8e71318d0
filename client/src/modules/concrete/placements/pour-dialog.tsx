import { useState } from 'react';
import { Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PLACEMENT_GUIDES_MAX, placementPourSchema } from '#domain/concrete-placements';
import type { PlacementDetail } from '#domain/concrete-placements-responses';
import { validate, type FieldErrors } from '../../../shared/forms.ts';
import { DateField } from '../../../widgets/date-field.tsx';
import { FormDialog } from '../../../widgets/form-dialog.tsx';
import { TextField } from '../../../widgets/form-fields.tsx';
import { NumberInput } from '../../../widgets/number-input.tsx';
import { usePlacementCommand } from '../api/placement-mutations.ts';
import { writeCallbacks } from '../../../widgets/write-callbacks.ts';
import { mpa } from '../config/rule-text.ts';
import { AddRowButton, RemoveRowButton, useRowList } from './row-list.tsx';
import { toIsoDate } from '../../../widgets/date-range.ts';

const T = 'concrete.placements.pour';
type Guide = { number: string; truck: string; m3: number | null; arrived_at: string };
const blankGuide = (): Guide => ({ number: '', truck: '', m3: null, arrived_at: '' });

/**
 * The pour recorded (placement.pour): its day and the dispatch guides of the trucks that brought it, each with its
 * number, plate, m3 and arrival time. The server holds each guide to the truck limit and their sum to the placement's
 * m3 within the tolerance (concrete.errors.guides_m3_mismatch), shown above the guides.
 */
export function PourDialog({ placement, onClose }: { placement: PlacementDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const [pouredOn, setPouredOn] = useState(toIsoDate(new Date()));
  const { rows: guides, set: setGuide, remove, add } = useRowList(blankGuide);
  const [errors, setErrors] = useState<FieldErrors>({});
  const pour = usePlacementCommand(placement.id);
  const sum = guides.reduce((a, g) => a + (g.m3 ?? 0), 0);
  const submit = () => {
    const body = { poured_on: pouredOn, guides: guides.map((g) => ({ ...g, m3: g.m3 ?? undefined })) };
    const checked = validate(placementPourSchema, body, t);
    if (!checked.ok) return setErrors(checked.errors);
    pour.mutate({ verb: 'vaciar', body: checked.data }, writeCallbacks(t, setErrors, onClose, `${T}.saved`));
  };
  return (
    <FormDialog
      open
      title={t(`${T}.title`, { number: placement.number })}
      submitLabel={t(`${T}.submit`)}
      busy={pour.isPending}
      onSubmit={submit}
      onClose={onClose}
      testId="pour-dialog"
    >
      <DateField
        label={t(`${T}.poured_on`)}
        value={pouredOn}
        onChange={setPouredOn}
        error={errors.poured_on}
        testId="pour-date"
      />
      <HStack justify="space-between">
        <Text fontWeight="semibold">{t(`${T}.guides`)}</Text>
        <Text textStyle="sm" color="fg.muted" data-testid="pour-sum">
          {t(`${T}.sum`, { sum: mpa(sum), m3: mpa(placement.m3) })}
        </Text>
      </HStack>
      {errors.guides ? (
        <Text textStyle="sm" color="fg.error" role="alert">
          {errors.guides}
        </Text>
      ) : null}
      <Stack gap="3">
        {guides.map((g, i) => (
          <Grid
            key={i}
            templateColumns={{ base: '1fr 1fr', sm: '1fr 1fr 90px 110px auto' }}
            gap="2"
            alignItems="end"
            data-testid="pour-guide"
          >
            <TextField
              label={t(`${T}.number`)}
              required
              value={g.number}
              onChange={(number) => setGuide(i, { number })}
              error={errors[`guides.${i}.number`]}
              maxLength={30}
              testId={`guide-number-${i}`}
            />
            <TextField
              label={t(`${T}.truck`)}
              required
              value={g.truck}
              onChange={(truck) => setGuide(i, { truck })}
              error={errors[`guides.${i}.truck`]}
              maxLength={20}
              testId={`guide-truck-${i}`}
            />
            <NumberInput
              label={t(`${T}.m3`)}
              value={g.m3}
              onChange={(m3) => setGuide(i, { m3 })}
              precision={1}
              fixed={false}
              min={0}
              required
              invalid={Boolean(errors[`guides.${i}.m3`])}
              errorText={errors[`guides.${i}.m3`]}
            />
            <TextField
              label={t(`${T}.arrived_at`)}
              required
              value={g.arrived_at}
              onChange={(arrived_at) => setGuide(i, { arrived_at })}
              error={errors[`guides.${i}.arrived_at`]}
              maxLength={8}
              testId={`guide-time-${i}`}
            />
            <RemoveRowButton label={t(`${T}.remove`)} count={guides.length} onClick={() => remove(i)} />
          </Grid>
        ))}
      </Stack>
      <AddRowButton
        label={t(`${T}.add`)}
        count={guides.length}
        max={PLACEMENT_GUIDES_MAX}
        onClick={add}
        testId="add-guide"
      />
    </FormDialog>
  );
}
