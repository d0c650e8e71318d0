import { useState } from 'react';
import { Button, Link, Text, chakra } from '@chakra-ui/react';
import { ChevronRight, Folder } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CboxLevel } from '#domain/cbox';
import type { CboxCrumb, CboxFolderItem } from '#domain/cbox-responses';

/** A step of the way, with what the user holds on it when the listing said so. */
export type TrailStep = CboxCrumb & { levels?: readonly CboxLevel[] };

/**
 * Where the picker and the save dialog stand in the library: the open folder and the way to it from the root. The
 * listing (GET biblioteca/contenido) carries no trail, so it is kept as the user walks; a search hit brings its own.
 */
export function useLibraryTrail() {
  const [trail, setTrail] = useState<TrailStep[]>([]);
  const folder = trail.length ? trail[trail.length - 1] : undefined;
  return {
    trail,
    folderId: folder?.id ?? null,
    /** The user's levels on the open folder (undefined at the root). */
    levels: folder?.levels,
    /** Into a folder listed here, or found by search (then `above` is its trail). */
    open: (next: TrailStep, above: readonly TrailStep[] = trail) =>
      setTrail([...above, { id: next.id, name: next.name, levels: next.levels }]),
    /** Back to a crumb (-1: the root). */
    goTo: (index: number) => setTrail((t) => t.slice(0, index + 1)),
  };
}

export function LibraryCrumbs({ trail, onGoTo }: { trail: readonly TrailStep[]; onGoTo: (index: number) => void }) {
  const { t } = useTranslation();
  const steps = [{ id: 0, name: t('cbox_ui.picker.root') }, ...trail];
  return (
    <chakra.nav aria-label={t('cbox_ui.picker.trail')} fontSize="sm">
      <chakra.ol display="flex" flexWrap="wrap" alignItems="center" gap="1" m="0" p="0" listStyleType="none">
        {steps.map((step, i) => (
          <chakra.li key={`${step.id}-${i}`} display="flex" alignItems="center" gap="1" minW="0">
            {i === steps.length - 1 ? (
              <Text as="span" fontWeight="medium" truncate aria-current="location">
                {step.name}
              </Text>
            ) : (
              <>
                <Link asChild colorPalette="brand">
                  <button type="button" onClick={() => onGoTo(i - 1)}>
                    {step.name}
                  </button>
                </Link>
                <ChevronRight size={14} aria-hidden />
              </>
            )}
          </chakra.li>
        ))}
      </chakra.ol>
    </chakra.nav>
  );
}

/** A folder of the listing: opening it is the whole action. */
export function FolderRow({ folder, onOpen }: { folder: Pick<CboxFolderItem, 'id' | 'name'>; onOpen: () => void }) {
  return (
    <chakra.li listStyleType="none">
      <Button
        variant="ghost"
        size="sm"
        width="full"
        justifyContent="start"
        onClick={onOpen}
        data-testid="cbox-picker-folder"
      >
        <Folder size={16} aria-hidden /> {folder.name}
      </Button>
    </chakra.li>
  );
}
