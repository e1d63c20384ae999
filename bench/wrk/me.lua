-- GET /api/v1/accounts/me with a valid token from CAMP_BENCH_TOKEN.
dofile(os.getenv("CAMP_BENCH_LUA_DIR") .. "/report.lua")

local token = os.getenv("CAMP_BENCH_TOKEN")
if token == nil or token == "" then
  error("CAMP_BENCH_TOKEN is not set")
end
wrk.method = "GET"
wrk.path = os.getenv("CAMP_BENCH_PATH") or "/api/v1/accounts/me"
wrk.headers["Authorization"] = "Bearer " .. token
wrk.headers["Accept"] = "application/json"
