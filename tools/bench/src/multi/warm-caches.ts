/**
 * Each instance asks every path of a read once itself before the measured run, as the balancer's clients will
 * ask it: with the balancer's address in the Host header. Answers carry links built from the address they
 * were asked at, so the service keeps them per address: a path asked at the instance's own address would
 * fill entries the requests through the balancer never find. Through the balancer itself each instance
 * would get only its share of the paths, and the measured run would be the others' first computation on
 * every instance. node:http rather than fetch, which does not send a Host header of its choosing.
 */
import { Agent, request as httpRequest } from 'node:http';

export async function askEveryPathAt(
  instanceUrl: string,
  host: string,
  paths: readonly string[],
  concurrency: number,
): Promise<void> {
  const instance = new URL(instanceUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const ask = (path: string) =>
    new Promise<void>((resolve, reject) => {
      const outgoing = httpRequest(
        { agent, host: instance.hostname, port: instance.port, path, headers: { host }, timeout: 60_000 },
        (response) => {
          response.resume();
          response.once('end', () =>
            response.statusCode === 200
              ? resolve()
              : reject(new Error(`GET ${path} through ${instanceUrl} answered ${response.statusCode}.`)),
          );
        },
      );
      outgoing.once('timeout', () =>
        outgoing.destroy(new Error(`GET ${path} through ${instanceUrl} timed out.`)),
      );
      outgoing.once('error', reject);
      outgoing.end();
    });
  let next = 0;
  const askInTurn = async () => {
    while (next < paths.length) await ask(paths[next++]!);
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, askInTurn));
  } finally {
    agent.destroy();
  }
}
