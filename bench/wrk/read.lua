-- Read-heavy mix, round robin over the first N tenants, each on its owner's token:
-- GET /v1/orgs/{org}, GET /v1/orgs/{org}/members?limit=20, GET .../members/{owner}/access?service=app&group=ops
-- Arguments: <tenants file> <N> <start> <wrk threads>: thread t begins at tenant start + t * N / threads, so runs
-- that advance `start` sweep all N tenants.
dofile(os.getenv("ENCLAVE_WRK_DIR") .. "/common.lua")

function init(args)
   tenants = load_tenants(args[1], tonumber(args[2]))
   position = 3 * first_tenant(#tenants, tonumber(args[3]), tonumber(args[4]))
end

function request()
   position = position + 1
   local tenant = tenants[math.floor(position / 3) % #tenants + 1]
   local operation = position % 3
   local path
   if operation == 0 then
      path = "/v1/orgs/" .. tenant.org
   elseif operation == 1 then
      path = "/v1/orgs/" .. tenant.org .. "/members?limit=20"
   else
      path = "/v1/orgs/" .. tenant.org .. "/members/" .. tenant.user .. "/access?service=app&group=ops"
   end
   return wrk.format("GET", path, { ["Authorization"] = tenant.auth })
end

function done(summary, latency, requests)
   report(summary, latency)
end
