// The process tests/fault/survival.test.ts abuses: `npm start`'s main() as is (scripts/start.ts
// only builds the client first), plus one probe of the process-level guards. On SIGUSR2 it raises
// what no request should ever raise, a rejection nobody handles and an exception thrown outside
// any request, so the suite can see that both are logged and the process keeps serving.
import { main } from '../../runtime/main.ts';

await main();
process.on('SIGUSR2', () => {
  void Promise.reject(new Error('survival probe: rejection'));
  setImmediate(() => {
    throw new Error('survival probe: exception');
  });
});
console.log(JSON.stringify({ level: 'info', msg: 'survival server started' }));
