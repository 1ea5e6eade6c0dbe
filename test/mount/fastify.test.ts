/** examples/mount/fastify.ts over a real socket: arcroute takes the raw request in onRequest. */
import { describe, it } from "vitest";
import { createApp } from "../../examples/mount/fastify.js";
import { createFixture, expectHandlerSetMounted, expectOwnRouteWorks } from "./support.js";

describe("mounting in Fastify", () => {
  it("serves the handler set under /v1 while the app's own routes keep Fastify's parsing", async () => {
    const fixture = await createFixture();
    const app = createApp(fixture.api);
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      await expectHandlerSetMounted(`${origin}/v1`, fixture);
      await expectOwnRouteWorks(origin);
    } finally {
      app.server.closeAllConnections();
      await app.close();
    }
  });
});
