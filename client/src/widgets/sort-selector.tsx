import { useId } from 'react';
import { Field, Flex, IconButton, NativeSelect } from '@chakra-ui/react';
import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** docs/product.md §3 sort field. */
export type SortField = { id: string; name: string };
/** Same names as the paged list request (docs/product.md §3): sortBy and descending (true = descending). */
export type SortValue = { sortBy: string | null; descending: boolean };

export type SortSelectorProps = {
  fields: SortField[];
  value: SortValue;
  onChange: (value: SortValue) => void;
  /** Defaults to 'Ordenar por'. */
  label?: string;
  /** Offer a 'no order' entry (server default order). */
  allowNone?: boolean;
  disabled?: boolean;
};

/** Flips the direction flag; a field change keeps the direction the user chose. */
export function toggleDirection(value: SortValue): SortValue {
  return { ...value, descending: !value.descending };
}

/** docs/product.md §2 sort selector: a field and a direction toggle whose flag true means descending. */
export function SortSelector({ fields, value, onChange, label, allowNone, disabled }: SortSelectorProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const directionLabel = value.descending ? t('widgets.sort.descending') : t('widgets.sort.ascending');
  return (
    <Field.Root ids={{ control: selectId }} disabled={disabled} w="auto">
      <Field.Label srOnly>{label ?? t('widgets.sort.label')}</Field.Label>
      <Flex gap="1" align="center">
        <NativeSelect.Root size="md" minW="180px">
          <NativeSelect.Field
            value={value.sortBy ?? ''}
            onChange={(e) => onChange({ ...value, sortBy: e.target.value === '' ? null : e.target.value })}
          >
            {(allowNone || value.sortBy == null) && <option value="">{t('widgets.sort.none')}</option>}
            {fields.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <IconButton
          variant="outline"
          // A toggle keeps one name; pressed = descending, the flag exactly as docs/product.md §3 defines it.
          aria-label={t('widgets.sort.descending')}
          aria-pressed={value.descending}
          title={directionLabel}
          disabled={disabled || value.sortBy == null}
          onClick={() => onChange(toggleDirection(value))}
        >
          {value.descending ? <ArrowDownWideNarrow size={18} /> : <ArrowUpNarrowWide size={18} />}
        </IconButton>
      </Flex>
    </Field.Root>
  );
}
