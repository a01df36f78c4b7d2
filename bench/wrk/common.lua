-- Shared by the benchmark's wrk scripts. Each wrk thread runs these in its own Lua state; setup() runs in the
-- main state, once per thread, and numbers the threads.
threads = {}
local created = 0

function setup(thread)
   thread:set("id", created)
   created = created + 1
   table.insert(threads, thread)
end

-- Tenants file lines: "<org> <owner user id> <owner JWT>"; the first `limit` are used.
function load_tenants(file, limit)
   local list = {}
   for line in io.lines(file) do
      local org, user, jwt = line:match("^(%S+) (%S+) (%S+)$")
      table.insert(list, { org = org, user = user, auth = "Bearer " .. jwt })
      if #list >= limit then break end
   end
   return list
end

-- Where this thread starts in a run over n tenants: the run's start plus an even share per thread.
function first_tenant(n, start, thread_count)
   return (start + id * math.floor(n / thread_count)) % n
end

-- One JSON line the orchestrator parses; `extra` holds counters summed over the threads.
function report(summary, latency, extra)
   local errors = summary.errors
   local fields = string.format('"requests":%d,"duration_us":%d,"socket_errors":%d,"status_errors":%d,'
      .. '"p50_us":%d,"p90_us":%d,"p99_us":%d,"mean_us":%.1f,"max_us":%d',
      summary.requests, summary.duration, errors.connect + errors.read + errors.write + errors.timeout,
      errors.status, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean,
      latency.max)
   for _, name in ipairs(extra or {}) do
      local total = 0
      for _, thread in ipairs(threads) do total = total + (thread:get(name) or 0) end
      fields = fields .. string.format(',"%s":%d', name, total)
   end
   io.write("WRK_RESULT {" .. fields .. "}\n")
end
