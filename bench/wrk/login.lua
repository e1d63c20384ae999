-- POST /api/v1/account_token with correct credentials (argon2id verification on every
-- request) and a rotating X-Forwarded-For, so the per-address limiter never answers for all.
-- The daemon must trust X-Forwarded-For from 127.0.0.1 (trusted_proxies).
dofile(os.getenv("CAMP_BENCH_LUA_DIR") .. "/report.lua")

local email = os.getenv("CAMP_BENCH_EMAIL") or "student@example.com"
local password = os.getenv("CAMP_BENCH_PASSWORD") or "demo-pass-1234"
local body = string.format('{"auth":{"email":"%s","password":"%s"}}', email, password)

local threads = 0
function setup(thread)
  thread:set("thread_index", threads)
  threads = threads + 1
end

local counter = 0
function request()
  counter = counter + 1
  local n = ((thread_index or 0) % 2) * 32768 + counter % 32768
  local address = string.format("198.19.%d.%d", math.floor(n / 256) % 256, n % 256)
  return wrk.format("POST", "/api/v1/account_token", {
    ["Content-Type"] = "application/json",
    ["X-Forwarded-For"] = address,
  }, body)
end
