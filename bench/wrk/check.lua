-- POST /v1/orgs/{org}/permissions/check round robin over the first N tenants on their owners' tokens (as
-- organisation.lua sends GET /v1/orgs/{org}), each asking several checks about the caller and one other member of
-- that tenant: the seeding made "member-<org>" a member holding the custom group that carries invoices:approve.
-- The answers are not read here: a response() callback costs the load generator, which shares the cores with the
-- server, CPU that organisation.lua's requests do not, and would bias the comparison. The bench's probe checks every
-- answer of its own requests (<allowed> checks true) instead; statuses of 400 and above are wrk's errors.
-- Arguments: <tenants file> <N> <start> <wrk threads> <body> <allowed> (unused here), where <body> is the JSON of the checks with
-- "@member@" where the other member's id goes.
dofile(os.getenv("ENCLAVE_WRK_DIR") .. "/common.lua")

function init(args)
   tenants = load_tenants(args[1], tonumber(args[2]))
   position = first_tenant(#tenants, tonumber(args[3]), tonumber(args[4]))
   -- the bodies are made once, so the requests cost the client what organisation.lua's do
   for _, tenant in ipairs(tenants) do
      local member = "member-" .. tenant.org
      tenant.path = "/v1/orgs/" .. tenant.org .. "/permissions/check"
      tenant.body = args[5]:gsub("@member@", member)
      tenant.headers = { ["Authorization"] = tenant.auth, ["Content-Type"] = "application/json" }
   end
end

function request()
   local tenant = tenants[position % #tenants + 1]
   position = position + 1
   return wrk.format("POST", tenant.path, tenant.headers, tenant.body)
end

function done(summary, latency, requests)
   report(summary, latency)
end
