/**
 * The sliding-window check as one Lua script: Redis runs it atomically, so concurrent requests from
 * any number of processes are counted exactly, in one round trip. Time is the Redis server's clock
 * (`TIME`), in microseconds, so processes with skewed clocks still agree on one window.
 *
 * KEYS[1] the window's sorted set; ARGV[1] limit; ARGV[2] window in ms; ARGV[3] a member id unique
 * to this request. Returns { allowed (0|1), counted, resetMs }.
 */
export const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window_us = tonumber(ARGV[2]) * 1000
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window_us)
local counted = redis.call('ZCARD', key)
local allowed = 0
if counted < limit then
  redis.call('ZADD', key, now, ARGV[3])
  counted = counted + 1
  allowed = 1
end
local reset_ms = 0
if counted > 0 then
  local oldest = tonumber(redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2])
  reset_ms = math.max(1, math.ceil((oldest + window_us - now) / 1000))
  redis.call('PEXPIRE', key, tonumber(ARGV[2]))
end
return { allowed, counted, reset_ms }
`;
