import { issueMqttCredentials } from '#realtime/credentials';
import { createTestContext, type TestContext } from '../../server/src/test-support.ts';

/**
 * The app the sweeps call, with what runtime/realtime.ts hands a real process: the signer of MQTT
 * credentials. Without it POST auth/mqtt-credentials answers 503, as it does in a process that runs
 * no realtime; the sweeps judge the API as `npm start` serves it. The broker itself is not needed.
 */
export async function createSweepContext(): Promise<TestContext> {
  const ctx = await createTestContext();
  const secret = ctx.deps.config.signingSecret;
  ctx.deps.mqttCredentials = (grant, ttlSeconds) => issueMqttCredentials(secret, grant, ttlSeconds);
  return ctx;
}
