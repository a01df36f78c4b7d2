-- GET /v1/orgs/{org} round robin over the first N tenants on their owners' tokens, or one of the bench-only floors
-- on the same organisations, without token or tenancy: "floor" is GET /bench/floor/{org} (one GetItem), "floor-read"
-- GET /bench/floor/{org}/members/{owner} (the BatchGetItem of membership and organisation Enclave makes).
-- Arguments: <tenants file> <N> <"enclave" | "floor" | "floor-read"> <start> <wrk threads> (as in read.lua)
dofile(os.getenv("ENCLAVE_WRK_DIR") .. "/common.lua")

function init(args)
   tenants = load_tenants(args[1], tonumber(args[2]))
   floor = args[3]
   position = first_tenant(#tenants, tonumber(args[4]), tonumber(args[5]))
end

function request()
   local tenant = tenants[position % #tenants + 1]
   position = position + 1
   if floor == "floor" then
      return wrk.format("GET", "/bench/floor/" .. tenant.org)
   elseif floor == "floor-read" then
      return wrk.format("GET", "/bench/floor/" .. tenant.org .. "/members/" .. tenant.user)
   end
   return wrk.format("GET", "/v1/orgs/" .. tenant.org, { ["Authorization"] = tenant.auth })
end

function done(summary, latency, requests)
   report(summary, latency)
end
