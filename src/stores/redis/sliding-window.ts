/**
 * The sliding-window check as one Lua script: Redis runs it atomically, so concurrent requests from
 * any number of processes are counted exactly, in one round trip. Time is the Redis server's clock
 * (`TIME`), in microseconds, so processes with skewed clocks still agree on one window.
 *
 * KEYS[1] the window's sorted set; ARGV[1] limit; ARGV[2] window in ms; ARGV[3..] one member id
 * per hit, unique to its request. The hits are counted in order at one instant, each exactly as if
 * it had run alone: admitted while the window has room, refused (and not counted) after. Returns
 * { admitted hits, counted after them, resetMs } — for one hit, { allowed (0|1), counted, resetMs }.
 */
export const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window_us = tonumber(ARGV[2]) * 1000
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window_us)
local counted = redis.call('ZCARD', key)
local admitted = math.max(0, math.min(#ARGV - 2, limit - counted))
if admitted > 0 then
  local members = {}
  for i = 1, admitted do
    members[2 * i - 1] = now
    members[2 * i] = ARGV[2 + i]
  end
  redis.call('ZADD', key, unpack(members))
  counted = counted + admitted
end
local reset_ms = 0
if counted > 0 then
  local oldest = tonumber(redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2])
  reset_ms = math.max(1, math.ceil((oldest + window_us - now) / 1000))
  redis.call('PEXPIRE', key, tonumber(ARGV[2]))
end
return { admitted, counted, reset_ms }
`;
