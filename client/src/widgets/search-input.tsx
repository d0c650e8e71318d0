import { useEffect, useRef, useState } from 'react';
import { Input, InputGroup } from '@chakra-ui/react';
import { CloseButton } from './close-button.tsx';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '#domain/limits';

export type SearchInputProps = {
  value: string;
  /** Called with the trimmed text after the user stops typing (docs/product.md §9: 750 ms; filter lists use 250). */
  onChange: (value: string) => void;
  delay?: number;
  placeholder?: string;
  /** Accessible name; defaults to the generic 'Buscar'. */
  label?: string;
  size?: 'sm' | 'md';
  maxLength?: number;
  'data-testid'?: string;
};

/** Debounced search box: Enter searches at once, the clear button empties it at once. */
export function SearchInput({
  value,
  onChange,
  delay = SEARCH_DEBOUNCE_MS,
  placeholder,
  label,
  size = 'md',
  maxLength = 100,
  ...rest
}: SearchInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastEmitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // An outside reset (e.g. "clear filters") replaces what is typed.
  useEffect(() => {
    if (value !== lastEmitted.current) {
      lastEmitted.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const emit = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (trimmed === lastEmitted.current) return;
    lastEmitted.current = trimmed;
    onChangeRef.current(trimmed);
  };

  const schedule = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => emit(next), delay);
  };

  return (
    <InputGroup
      flex="1"
      minW="0"
      startElement={<Search size={16} aria-hidden />}
      endElement={
        text ? (
          <CloseButton
            size="xs"
            me="-2"
            aria-label={t('app.search.clear')}
            onClick={() => {
              setText('');
              emit('');
            }}
          />
        ) : undefined
      }
    >
      <Input
        type="search"
        size={size}
        value={text}
        maxLength={maxLength}
        placeholder={placeholder ?? t('app.search.placeholder')}
        aria-label={label ?? t('app.search.label')}
        onChange={(e) => schedule(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') emit(text);
        }}
        data-testid={rest['data-testid'] ?? 'search-input'}
      />
    </InputGroup>
  );
}
