/**
 * Real services for tests. A suite that needs PostgreSQL or Redis asks here first:
 * on a developer's machine without the service it is skipped with a clear message;
 * in CI (CI=true) a missing service is a failure, because CI must exercise those suites.
 */
import net from "node:net";

export const POSTGRES_URL = process.env.ARCROUTE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.ARCROUTE_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

async function requireService(name: string, url: string, defaultPort: number, startHint: string): Promise<boolean> {
  if (await reachable(url, defaultPort)) return true;
  const message = `${name} is not reachable at ${url}; start it with: ${startHint}`;
  if (process.env.CI === "true" || process.env.CI === "1") throw new Error(`CI must run the ${name} suites: ${message}`);
  console.warn(`SKIPPING ${name} tests: ${message}`);
  return false;
}

/** True when PostgreSQL answers; false (with a warning) on a machine without it; throws in CI. */
export function hasPostgres(): Promise<boolean> {
  return requireService(
    "PostgreSQL",
    POSTGRES_URL,
    5432,
    "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start",
  );
}

/** True when Redis answers; false (with a warning) on a machine without it; throws in CI. */
export function hasRedis(): Promise<boolean> {
  return requireService(
    "Redis",
    REDIS_URL,
    6379,
    'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
  );
}
