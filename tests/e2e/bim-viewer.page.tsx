/**
 * A page holding only the BIM viewer (the widget under test), built by bim-viewer-support.ts with the client's
 * own Vite config and served by the real server, like the app serves its build. The query names the fragments
 * files (`?m=<url>,<url>`), colours (`&c=<GlobalId>:<hex>;…`) and `&dim=1`; what the viewer reports is kept on
 * window.bim for the test to read.
 */
import { Fragment, StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, ChakraProvider } from '@chakra-ui/react';
import { system } from '../../client/src/app/theme.ts';
import { i18n, setupI18n } from '../../client/src/shared/i18n.ts';
// The client build ships only the first screens' strings up front; this page needs the viewer's.
import spanish from '../../locales/es.json?raw';
import portuguese from '../../locales/pt-BR.json?raw';
import { BimViewer } from '../../client/src/widgets/bim-viewer/index.ts';
import { ADVANCE_STATES } from '../../domain/concrete-placements.ts';
import { advanceColorMap, type AdvancePlacement } from '../../client/src/modules/concrete/advance/advance-colors.ts';

export type HarnessState = {
  loaded?: { elementCount: number; globalIds: string[] };
  /** ms from navigation start to the first frame drawn after the models loaded. */
  firstFrameMs?: number;
  /** With `&advance=<n>`: ms from n generated placements' data to the first frame drawn with their colours. */
  colouredMs?: number;
  errors: string[];
  selections: string[][];
};

const StrictModeMaybe = new URLSearchParams(location.search).get('strict') === '0' ? Fragment : StrictMode;

declare global {
  interface Window {
    bim: HarnessState;
  }
}

const params = new URLSearchParams(location.search);
const lang = params.get('lang') === 'pt-BR' ? 'pt-BR' : 'es';
setupI18n(lang);
i18n.addResourceBundle(
  lang,
  'translation',
  JSON.parse(lang === 'es' ? spanish : portuguese) as Record<string, unknown>,
  true,
  true,
);
window.bim = { errors: [], selections: [] };

/** `count` placements over the model's elements, two each where there are enough, in every state but unpoured. */
function generatedPlacements(globalIds: readonly string[], count: number): AdvancePlacement[] {
  const states = ADVANCE_STATES.filter((s) => s !== 'sin_vaciar');
  const each = Math.max(1, Math.floor(globalIds.length / (count * 2)));
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    number: i + 1,
    state: states[i % states.length],
    global_ids: globalIds.slice(i * each, (i + 1) * each),
  }));
}

function Harness() {
  const models = useMemo(
    () =>
      (params.get('m') ?? '')
        .split(',')
        .filter(Boolean)
        .map((url, i) => ({ key: `m${i}`, url })),
    [],
  );
  const [colors, setColors] = useState<ReadonlyMap<string, string>>(
    () =>
      new Map(
        (params.get('c') ?? '')
          .split(';')
          .filter(Boolean)
          .map((pair) => pair.split(':') as [string, string]),
      ),
  );
  const [colouring, setColouring] = useState<{ start: number; colors: ReadonlyMap<string, string> } | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [shown, setShown] = useState(true);
  return (
    <ChakraProvider value={system}>
      <main style={{ maxWidth: 960, margin: '16px auto' }}>
        <Button onClick={() => setShown((s) => !s)} data-testid="toggle-viewer" mb="2">
          {shown ? 'Desmontar' : 'Montar'}
        </Button>
        {shown && (
          <BimViewer
            models={models}
            colors={colors}
            dimUncoloured={params.get('dim') === '1'}
            height={480}
            selected={selected}
            onSelect={(ids) => {
              window.bim.selections.push(ids);
              setSelected(ids);
            }}
            onLoad={(info) => {
              window.bim.loaded = info;
              const advance = Number(params.get('advance') ?? 0);
              if (advance > 0) {
                // advanceBim's data (concrete/advance): placements over the model's elements, then its colouring.
                const placements = generatedPlacements(info.globalIds, advance);
                const start = performance.now();
                const advanceColors = advanceColorMap(placements, null, info.globalIds);
                setColouring({ start, colors: advanceColors });
                setColors(advanceColors);
              }
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  window.bim.firstFrameMs = performance.now();
                }),
              );
            }}
            onStyled={(painted) => {
              if (!colouring || painted !== colouring.colors || window.bim.colouredMs !== undefined) return;
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  window.bim.colouredMs = performance.now() - colouring.start;
                }),
              );
            }}
            onError={(err) => window.bim.errors.push(err.message)}
          />
        )}
      </main>
    </ChakraProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictModeMaybe>
    <Harness />
  </StrictModeMaybe>,
);
