import {
  ChartColumn,
  ClipboardCheck,
  Construction,
  Database,
  FolderOpen,
  House,
  KeyRound,
  ListChecks,
  Receipt,
  Settings,
  SquareKanban,
  type LucideIcon,
} from 'lucide-react';
import type { NavIcon } from '../../shared/route-manifest.ts';

/**
 * The sidebar's icon of each area. The route manifest names them rather than importing them, so the
 * login page (which loads the manifest, not the sidebar) does not carry the icons (docs/architecture.md §6).
 */
export const NAV_ICONS = {
  House,
  Construction,
  FolderOpen,
  SquareKanban,
  ClipboardCheck,
  ListChecks,
  KeyRound,
  Receipt,
  ChartColumn,
  Database,
  Settings,
} satisfies Record<NavIcon, LucideIcon>;
