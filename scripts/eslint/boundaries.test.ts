import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import boundaries from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, '..', '..');
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});
/** `code` as written in the repository file `rel`. */
const at = (rel: string, code: string) => ({ filename: path.join(root, rel), code });

describe('local/one-way', () => {
  tester.run('one-way', boundaries.rules['one-way'], {
    valid: [
      // The shell loads everything: modules (through their index.ts), shared, api, widgets.
      at('client/src/app/routes.tsx', "const p = import('../modules/auth/index.ts');"),
      at('client/src/app/router.tsx', "import { ROUTES } from '../shared/route-manifest.ts';"),
      // Modules, widgets and api stand on the floor.
      at('client/src/modules/home/open-project.ts', "import { navAreas } from '../../shared/route-manifest.ts';"),
      at('client/src/api/http.ts', "import { session } from '../shared/session/session-store.ts';"),
      // What calls the api stands on it: the signed-in user, and the widgets and modules that read it.
      at('client/src/api/session/auth-user.ts', "import { apiV2 } from '../clients.ts';"),
      at('client/src/widgets/project-select.tsx', "import type { ProjectOption } from '../api/session/auth-user.ts';"),
      // A test may mount the whole app to see a module in place.
      at('client/src/modules/warranties/warranties-nav.test.tsx', "import { AppRoutes } from '../../app/router.tsx';"),
    ],
    invalid: [
      at('client/src/modules/auth/login-page.tsx', "import { preloadSignedInShell } from '../../app/router.tsx';"),
      at('client/src/modules/config/config-layout.tsx', "export { areaOf } from '../../app/routes.tsx';"),
      at('client/src/widgets/table-pagination.tsx', "import type { AreaRoute } from '../app/routes.tsx';"),
      at('client/src/api/api-feedback.tsx', "const l = import('../app/layout/app-layout.tsx');"),
      at('client/src/realtime/live-client.ts', "import { App } from '../app/app.tsx';"),
      at('client/src/shared/layout/page-states.tsx', "import { PAGES } from '../../app/routes.tsx';"),
    ]
      .map((c) => ({ ...c, errors: [{ messageId: 'shell' }] }))
      .concat([
        {
          ...at('client/src/shared/route-manifest.ts', "import { LoginPage } from '../modules/auth/index.ts';"),
          errors: [{ messageId: 'floor' }],
        },
        {
          ...at(
            'client/src/shared/layout/page-states.tsx',
            "import { Pager } from '../../widgets/table-pagination.tsx';",
          ),
          errors: [{ messageId: 'floor' }],
        },
        // The api reads the floor (session, i18n), so the floor never calls the api back.
        {
          ...at('client/src/shared/forms.ts', "import { isApiError } from '../api/errors.ts';"),
          errors: [{ messageId: 'floor' }],
        },
        {
          ...at('client/src/shared/session/session-store.ts', "const c = import('../../api/clients.ts');"),
          errors: [{ messageId: 'floor' }],
        },
        // The rules the shell rule sits beside still hold.
        {
          ...at('client/src/app/routes.tsx', "import { LoginPage } from '../modules/auth/login-page.tsx';"),
          errors: [{ messageId: 'internals' }],
        },
        {
          ...at('domain/format.ts', "import { x } from '../client/src/shared/format.ts';"),
          errors: [{ messageId: 'layer' }],
        },
      ]),
  });

  // server/ and realtime/ meet in domain/; runtime/ wires them; no file is imported for its side effects.
  new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } }).run(
    'one-way: server, realtime, runtime',
    boundaries.rules['one-way'],
    {
      valid: [
        at('server/src/events/relay.ts', "import { wireTopic } from '#domain/realtime-topics';"),
        at('realtime/broker.ts', "import { mayRead } from '#domain/realtime-topics';"),
        at(
          'runtime/realtime.ts',
          "import { startEmbeddedBroker } from '#realtime/broker'; import { startEventFlow } from '../server/src/events/flow.ts';",
        ),
        at('tests/fault/fault-support.ts', "import { startRealtime } from '../../runtime/realtime.ts';"),
        at(
          'client/src/modules/after-sales/agenda/agenda-calendar.tsx',
          "import 'react-big-calendar/lib/css/react-big-calendar.css';",
        ),
        // The assembly mounts a module's routes.ts and calls its service.ts; another module calls its service.ts.
        at('server/src/api.ts', "import { deliveryRoutes } from './modules/deliveries/routes.ts';"),
        at(
          'server/src/modules/deliveries/fichas/after-sales.ts',
          "import { createTicket } from '../../after-sales/service.ts';",
        ),
        at(
          'server/src/modules/after-sales/portal/framing.ts',
          "import { frameAncestors } from '../../../http/embedding.ts';",
        ),
      ],
      invalid: [
        {
          ...at('server/src/events/relay.ts', "import { wireTopic } from '#realtime/topics';"),
          errors: [{ messageId: 'realtimeInServer' }],
        },
        {
          ...at('server/src/app.ts', "import { startRealtime } from '../../runtime/realtime.ts';"),
          errors: [{ messageId: 'layer' }],
        },
        {
          ...at('realtime/gateway.ts', "import { canJoinRoom } from '../server/src/events/access.ts';"),
          errors: [{ messageId: 'layer' }],
        },
        {
          ...at('realtime/gateway.ts', "import { startRealtime } from '../runtime/realtime.ts';"),
          errors: [{ messageId: 'layer' }],
        },
        {
          ...at('server/src/modules/after-sales/routes.ts', "import './service.ts';"),
          errors: [{ messageId: 'sideEffect' }],
        },
        {
          ...at('server/src/modules/deliveries/service.ts', "import { mayRead } from '../files/access.ts';"),
          errors: [{ messageId: 'internals' }],
        },
        {
          ...at(
            'server/src/modules/deliveries/service.ts',
            "import { afterSalesRoutes } from '../after-sales/routes.ts';",
          ),
          errors: [{ messageId: 'internals' }],
        },
        // The floor under the modules never imports one (the arrow goes module → events, http, …).
        {
          ...at('server/src/events/access.ts', "import { x } from '../modules/after-sales/service.ts';"),
          errors: [{ messageId: 'floorOnModule' }],
        },
      ],
    },
  );
});
