import path from 'node:path';
import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import boundaries from './boundaries.js';

// The one-way rule of docs/architecture.md §2, on the cases this layout depends on.
RuleTester.describe = describe;
RuleTester.it = it;
const root = path.resolve(import.meta.dirname, '..', '..');
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });

tester.run('one-way', boundaries.rules['one-way'], {
  valid: [
    { filename: at('server/src/events/relay.ts'), code: "import { wireTopic } from '#domain/realtime-topics';" },
    { filename: at('realtime/broker.ts'), code: "import { mayRead } from '#domain/realtime-topics';" },
    { filename: at('runtime/realtime.ts'), code: "import { startEmbeddedBroker } from '#realtime/broker'; import { startEventFlow } from '../server/src/events/flow.ts';" },
    { filename: at('tests/fault/fault-support.ts'), code: "import { startRealtime } from '../../runtime/realtime.ts';" },
    { filename: at('client/src/modules/warranties/agenda/agenda-calendar.tsx'), code: "import 'react-big-calendar/lib/css/react-big-calendar.css';" },
  ],
  invalid: [
    { filename: at('server/src/events/relay.ts'), code: "import { wireTopic } from '#realtime/topics';", errors: [{ messageId: 'realtimeInServer' }] },
    { filename: at('server/src/app.ts'), code: "import { startRealtime } from '../../runtime/realtime.ts';", errors: [{ messageId: 'layer' }] },
    { filename: at('realtime/gateway.ts'), code: "import { canJoinRoom } from '../server/src/events/access.ts';", errors: [{ messageId: 'layer' }] },
    { filename: at('realtime/gateway.ts'), code: "import { startRealtime } from '../runtime/realtime.ts';", errors: [{ messageId: 'layer' }] },
    { filename: at('server/src/modules/warranties/routes.ts'), code: "import './service.ts';", errors: [{ messageId: 'sideEffect' }] },
    { filename: at('server/src/modules/deliveries/service.ts'), code: "import { mayRead } from '../files/access.ts';", errors: [{ messageId: 'internals' }] },
  ],
});
