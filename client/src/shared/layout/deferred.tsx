import { lazy, Suspense, useState, type ComponentType } from 'react';
import { withTimeout } from '../lazy-page.tsx';

/** What a deferred control's light trigger receives: start loading, and open once loaded. */
export type DeferredTriggerProps = { onActivate: () => void; onPreload: () => void };

/**
 * A control (menu, drawer) whose interactive part — Chakra's popover and focus code — is fetched on
 * first use rather than with the page (docs/architecture.md §6: first load ≤ 200 KB). Until then a trigger that
 * looks the same is shown; pointing at it or focusing it starts the download, activating it opens
 * the real control as soon as it arrives.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P & { defaultOpen?: boolean }>>,
  Trigger: ComponentType<P & DeferredTriggerProps>,
) {
  let loading: Promise<ComponentType<P & { defaultOpen?: boolean }>> | undefined;
  const start = () => (loading ??= withTimeout(load));
  const Real = lazy(() => start().then((C) => ({ default: C })));

  return function Deferred(props: P) {
    const [isActive, setActive] = useState(false);
    const trigger = (
      <Trigger {...props} onActivate={() => setActive(true)} onPreload={() => void start().catch(() => undefined)} />
    );
    if (!isActive) return trigger;
    return (
      <Suspense fallback={trigger}>
        <Real {...props} defaultOpen />
      </Suspense>
    );
  };
}
