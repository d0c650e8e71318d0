import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Box, Dialog, Input, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { CloseButton } from '../../widgets/close-button.tsx';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { globalSearchQuery, SEARCH_MIN_LENGTH } from './search-api.ts';
import { SEARCH_KINDS, searchHits } from './search-results.ts';

/** Typing pauses this long before the term is sent, so one word is one call. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * The global search (docs/product.md §9 Global search and shortcuts): one input, results grouped by kind,
 * arrows move the highlighted line and Enter (or a click) opens its page and closes the dialog.
 */
export function GlobalSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  useEffect(() => {
    const id = setTimeout(() => setTerm(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);
  const query = useQuery({ ...globalSearchQuery(term), enabled: open && term.length >= SEARCH_MIN_LENGTH });
  const ready = term.length >= SEARCH_MIN_LENGTH;
  const hits = useMemo(
    () => (ready ? searchHits(query.data, (n) => t('app.global_search.unit', { number: n })) : []),
    [ready, query.data, t],
  );
  useEffect(() => setActive(0), [query.data, term]);

  const close = () => {
    setText('');
    setTerm('');
    onClose();
  };
  const openHit = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    close();
    void navigate(hit.to);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!hits.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + hits.length) % hits.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      openHit(active);
    }
  };

  const activeId = hits[active] ? `global-search-${hits[active].key}` : undefined;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => {
        if (!d.open) close();
      }}
      placement="top"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="global-search">
            <Dialog.Header pb="2">
              <Dialog.Title>{t('app.global_search.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Input
                autoFocus
                value={text}
                onChange={(e) => setText(e.target.value)}
                onKeyDown={onKeyDown}
                placeholder={t('app.global_search.placeholder')}
                aria-label={t('app.global_search.placeholder')}
                role="combobox"
                aria-expanded={hits.length > 0}
                aria-controls="global-search-results"
                aria-activedescendant={activeId}
                aria-autocomplete="list"
                maxLength={100}
                data-testid="global-search-input"
              />
              <Box id="global-search-results" role="listbox" mt="3" maxH="60vh" overflowY="auto">
                <SearchStatus
                  ready={ready}
                  loading={query.isFetching && !query.data}
                  error={query.isError}
                  empty={ready && query.isSuccess && !query.isPlaceholderData && hits.length === 0}
                />
                {SEARCH_KINDS.map((kind) => {
                  const group = hits.map((hit, index) => ({ hit, index })).filter(({ hit }) => hit.kind === kind);
                  if (!group.length) return null;
                  return (
                    <Box key={kind} role="group" aria-label={t(`app.global_search.kinds.${kind}`)} mb="2">
                      <Text textStyle="xs" fontWeight="semibold" color="fg.muted" px="2" py="1">
                        {t(`app.global_search.kinds.${kind}`)}
                      </Text>
                      {group.map(({ hit, index }) => (
                        <Stack
                          key={hit.key}
                          id={`global-search-${hit.key}`}
                          role="option"
                          aria-selected={index === active}
                          gap="0"
                          px="2"
                          py="1.5"
                          borderRadius="md"
                          cursor="pointer"
                          bg={index === active ? 'bg.emphasized' : undefined}
                          onMouseEnter={() => setActive(index)}
                          onClick={() => openHit(index)}
                          data-testid="global-search-hit"
                        >
                          <Text textStyle="sm" truncate>
                            {hit.title}
                          </Text>
                          <Text textStyle="xs" color="fg.muted" truncate>
                            {hit.detail}
                          </Text>
                        </Stack>
                      ))}
                    </Box>
                  );
                })}
              </Box>
              <Text textStyle="xs" color="fg.muted" mt="2">
                {t('app.global_search.keys_hint')}
              </Text>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('app.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function SearchStatus(p: { ready: boolean; loading: boolean; error: boolean; empty: boolean }) {
  const { t } = useTranslation();
  const line = (text: string, testId: string) => (
    <Text textStyle="sm" color="fg.muted" px="2" py="2" data-testid={testId}>
      {text}
    </Text>
  );
  if (!p.ready) return line(t('app.global_search.min_length', { min: SEARCH_MIN_LENGTH }), 'global-search-hint');
  if (p.loading) return <Spinner size="sm" m="2" />;
  if (p.error) return line(t('common.error_default'), 'global-search-error');
  if (p.empty) return line(t('app.global_search.empty'), 'global-search-empty');
  return null;
}
