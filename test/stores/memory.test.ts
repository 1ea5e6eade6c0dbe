import { createMemoryLimiter, createMemoryStore } from "../../src/stores/memory/index.js";
import { describeLimiterContract, describeStoreContract } from "../support/store-contract.js";

describeStoreContract("memory", async () => createMemoryStore());
describeLimiterContract("memory", async () => createMemoryLimiter());
