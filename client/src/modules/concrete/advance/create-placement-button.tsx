import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PlacementFormDialog } from '../placements/placement-form-dialog.tsx';

/** "Crear hormigonado (n elementos)": the placement form (placements/) with the selected elements. */
export function CreatePlacementButton(props: { projectId: number; globalIds: string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" colorPalette="blue" onClick={() => setOpen(true)}>
        {t('concrete.advance.create_placement', { count: props.globalIds.length })}
      </Button>
      {open && (
        <PlacementFormDialog
          open
          onClose={() => setOpen(false)}
          projectId={props.projectId}
          initialGlobalIds={props.globalIds}
        />
      )}
    </>
  );
}
