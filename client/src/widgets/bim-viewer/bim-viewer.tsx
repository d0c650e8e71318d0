import { lazy, Suspense } from 'react';
import { Center, Spinner } from '@chakra-ui/react';
import type { BimViewerProps } from './types.ts';

// three.js and That Open (several MB) come with the first model shown, never with a first screen
// (client/build/first-screen-chunks.test.ts).
const Impl = lazy(() => import('./bim-viewer-impl.tsx').then((m) => ({ default: m.BimViewerImpl })));

/** A 3D view of fragments models with selection, colours, hiding and section planes (bim-viewer-impl.tsx). */
export function BimViewer(props: BimViewerProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? '60vh'} minH="240px">
          <Spinner size="lg" />
        </Center>
      }
    >
      <Impl {...props} />
    </Suspense>
  );
}
