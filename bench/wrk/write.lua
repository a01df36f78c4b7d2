-- Write mix: an owner invites a new email (POST /v1/orgs/{org}/invitations), and when the invitation arrives the
-- invitee accepts it with the token it carries (POST /v1/invitations/accept) on their own JWT. Accepts go first,
-- so each connection alternates between the two.
-- Arguments: <tenants file> <N> <slice file> <first index> <tenant shift> <wrk threads>
-- Slice file lines: "<email> <JWT>", this run's invitees only; line j is invitee k = first index + j, taken by thread
-- j mod threads, and goes to tenant (k + shift) mod N, so runs never repeat an (invitee, tenant) pair.
dofile(os.getenv("ENCLAVE_WRK_DIR") .. "/common.lua")

function init(args)
   tenants = load_tenants(args[1], tonumber(args[2]))
   local first, shift, stride = tonumber(args[4]), tonumber(args[5]), tonumber(args[6])
   invitees, tokens_by_email, tenant_of = {}, {}, {}
   local j = 0
   for line in io.lines(args[3]) do
      if j % stride == id then
         local email, jwt = line:match("^(%S+) (%S+)$")
         table.insert(invitees, email)
         tokens_by_email[email] = "Bearer " .. jwt
         tenant_of[email] = tenants[(first + j + shift) % #tenants + 1]
      end
      j = j + 1
   end
   next_invitee, pending = 0, {}
   invited, accepted, failed, exhausted = 0, 0, 0, 0
end

function request()
   local acceptance = table.remove(pending)
   if acceptance then
      return wrk.format("POST", "/v1/invitations/accept",
         { ["Authorization"] = acceptance.auth, ["Content-Type"] = "application/json" },
         '{"token":"' .. acceptance.token .. '"}')
   end
   next_invitee = next_invitee + 1
   local email = invitees[next_invitee]
   if not email then
      -- the run outlived its invitees: keep the connection busy with a read and report it (the run is void)
      exhausted = exhausted + 1
      local tenant = tenants[1]
      return wrk.format("GET", "/v1/orgs/" .. tenant.org, { ["Authorization"] = tenant.auth })
   end
   local tenant = tenant_of[email]
   return wrk.format("POST", "/v1/orgs/" .. tenant.org .. "/invitations",
      { ["Authorization"] = tenant.auth, ["Content-Type"] = "application/json" }, '{"email":"' .. email .. '"}')
end

-- Statuses of 400 and above are wrk's status errors already; `failed` counts answers that look right by status
-- but are not (an invitation without its token, an acceptance without a membership).
function response(status, headers, body)
   if status == 201 then
      local token, email = body:match('"token":"([^"]+)"'), body:match('"email":"([^"]+)"')
      if token and email and tokens_by_email[email] then
         table.insert(pending, { auth = tokens_by_email[email], token = token })
         invited = invited + 1
      else
         failed = failed + 1
      end
   elseif status == 200 then
      if body:find('"userId"', 1, true) then
         accepted = accepted + 1
      elseif exhausted == 0 then
         failed = failed + 1
      end
   elseif status < 400 then
      failed = failed + 1
   end
end

function done(summary, latency, requests)
   report(summary, latency, { "invited", "accepted", "failed", "exhausted" })
end
