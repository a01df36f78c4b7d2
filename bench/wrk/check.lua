-- POST /v1/orgs/{org}/permissions/check round robin over the first N tenants on their owners' tokens (as
-- organisation.lua sends GET /v1/orgs/{org}), each asking several checks about the caller and one other member of
-- that tenant: the seeding made "member-<org>" a member holding the custom group that carries invoices:approve.
-- Every 200 must answer exactly <allowed> checks true; one that does not counts as `failed`.
-- Arguments: <tenants file> <N> <start> <wrk threads> <body> <allowed>, where <body> is the JSON of the checks with
-- "@member@" where the other member's id goes.
dofile(os.getenv("ENCLAVE_WRK_DIR") .. "/common.lua")

function init(args)
   tenants = load_tenants(args[1], tonumber(args[2]))
   position = first_tenant(#tenants, tonumber(args[3]), tonumber(args[4]))
   allowed = tonumber(args[6])
   -- the bodies are made once, so the requests cost the client what organisation.lua's do
   for _, tenant in ipairs(tenants) do
      local member = "member-" .. tenant.org
      tenant.path = "/v1/orgs/" .. tenant.org .. "/permissions/check"
      tenant.body = args[5]:gsub("@member@", member)
      tenant.headers = { ["Authorization"] = tenant.auth, ["Content-Type"] = "application/json" }
   end
   failed = 0
end

function request()
   local tenant = tenants[position % #tenants + 1]
   position = position + 1
   return wrk.format("POST", tenant.path, tenant.headers, tenant.body)
end

-- Statuses of 400 and above are wrk's status errors already.
function response(status, headers, body)
   if status == 200 then
      local _, answered = body:gsub('"allowed":true', "")
      if answered ~= allowed then
         failed = failed + 1
      end
   elseif status < 400 then
      failed = failed + 1
   end
end

function done(summary, latency, requests)
   report(summary, latency, { "failed" })
end
