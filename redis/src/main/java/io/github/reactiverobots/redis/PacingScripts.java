package io.github.reactiverobots.redis;

/**
 * The two Lua scripts of {@link RedisSharedSpacing}, each of one key (an origin's ledger hash): the
 * class comment there says what they keep. Both read the ledger's clock first ({@code ARGV[1]}, or
 * Redis's {@code TIME} when it is empty) and set the key to expire once nothing constrains the
 * origin any more.
 */
final class PacingScripts {
  private static final String NOW =
      """
      local now = tonumber(ARGV[1])
      if not now then
        local t = redis.call('TIME')
        now = tonumber(t[1]) * 1000000 + tonumber(t[2])
      end
      local key = KEYS[1]
      local function expire(nextAt, heldUntil)
        local last = math.max(nextAt, heldUntil)
        if last <= now then
          redis.call('DEL', key)
        else
          redis.call('PEXPIRE', key, math.ceil((last - now) / 1000) + 1)
        end
      end
      local function leases(ownHolder)
        local flat = redis.call('HGETALL', key)
        local nextAt, held, heldUntil, soonest = 0, 0, 0, nil
        for i = 1, #flat, 2 do
          local f, v = flat[i], tonumber(flat[i + 1])
          if f == 'n' then
            nextAt = v
          elseif v <= now or f == ownHolder then
            redis.call('HDEL', key, f)
          else
            held = held + 1
            heldUntil = math.max(heldUntil, v)
            if not soonest or v < soonest then soonest = v end
          end
        end
        return nextAt, held, heldUntil, soonest
      end
      """;

  /** ARGV: now (µs, or empty for TIME), holder, interval, lease (µs), concurrency, window. */
  static final String RESERVE =
      NOW
          + """
      local from = tonumber(ARGV[6])
      if from >= 0 then
        local day = 86400000000
        local tod = now % day
        local f, t = from * 60000000, tonumber(ARGV[7]) * 60000000
        local open
        if f <= t then open = tod >= f and tod < t else open = tod >= f or tod < t end
        if not open then
          local w = f - tod
          if w <= 0 then w = w + day end
          return w
        end
      end
      local nextAt, held, heldUntil, soonest = leases(nil)
      local interval = tonumber(ARGV[3])
      if held >= tonumber(ARGV[5]) then
        return math.max(nextAt - now, math.min(math.max(interval, 10000), soonest - now), 1)
      end
      if nextAt > now then
        return nextAt - now
      end
      local leaseEnd = now + tonumber(ARGV[4])
      nextAt = now + interval
      redis.call('HSET', key, 'n', string.format('%.0f', nextAt),
        'h:' .. ARGV[2], string.format('%.0f', leaseEnd))
      expire(nextAt, math.max(heldUntil, leaseEnd))
      return 0
      """;

  /** ARGV: now (µs, or empty for TIME), holder, pause (µs). */
  static final String FINISH =
      NOW
          + """
      local nextAt, held, heldUntil = leases('h:' .. ARGV[2])
      nextAt = math.max(nextAt, now + tonumber(ARGV[3]))
      if nextAt > now then
        redis.call('HSET', key, 'n', string.format('%.0f', nextAt))
      end
      expire(nextAt, heldUntil)
      return 1
      """;

  private PacingScripts() {}
}
