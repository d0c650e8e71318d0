import { useState } from 'react';
import { Button, IconButton } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';

/** The rows of a form's repeated part (a pour's guides, a placement's samples): edit one, add one, remove one. */
export function useRowList<R>(blank: () => R) {
  const [rows, setRows] = useState<R[]>(() => [blank()]);
  return {
    rows,
    set: (i: number, patch: Partial<R>) => setRows((list) => list.map((r, j) => (j === i ? { ...r, ...patch } : r))),
    remove: (i: number) => setRows((list) => list.filter((_, j) => j !== i)),
    add: () => setRows((list) => [...list, blank()]),
  };
}

/** Removes a row; the last one stays, since the form needs at least one. */
export function RemoveRowButton(props: { label: string; count: number; onClick: () => void }) {
  return (
    <IconButton aria-label={props.label} variant="ghost" size="sm" disabled={props.count === 1} onClick={props.onClick}>
      <Trash2 size={16} aria-hidden="true" />
    </IconButton>
  );
}

/** Adds a row, up to the contract's limit. */
export function AddRowButton(props: {
  label: string;
  count: number;
  max: number;
  onClick: () => void;
  testId: string;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      alignSelf="start"
      disabled={props.count >= props.max}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      <Plus size={16} aria-hidden="true" />
      {props.label}
    </Button>
  );
}
