/** `arcroute/stores/redis`: the exact sliding-window rate limiter shared by many processes. */
export { createRedisLimiter, DEFAULT_PREFIX, type RedisLimiterOptions } from "./limiter.js";
export { SLIDING_WINDOW_SCRIPT } from "./sliding-window.js";
