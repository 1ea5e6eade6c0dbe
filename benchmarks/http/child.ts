/**
 * The process a benchmarked server runs in, so that the load generator never shares its event
 * loop: `child.js bare [answers JSON]` starts the baseline server, `child.js serve <args>` runs
 * `arcroute serve` exactly as the CLI does. Either prints its API root URL as the first stdout line when ready.
 */
import { main } from "../../src/cli/main.js";
import { listenBare, type BareAnswers } from "./bare-server.js";

const [mode, ...args] = process.argv.slice(2);
if (mode === "bare") {
  const { url, server } = await listenBare(args[0] === undefined ? undefined : (JSON.parse(args[0]) as BareAnswers));
  process.stdout.write(url + "\n");
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once("SIGTERM", stop).once("SIGINT", stop);
} else if (mode === "serve") {
  process.exitCode = await main(["serve", ...args]);
} else {
  process.stderr.write("usage: child.js bare [answers JSON] | serve <arcroute serve args>\n");
  process.exitCode = 2;
}
