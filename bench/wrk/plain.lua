-- Plain GET of the URL given to wrk (the hello ceiling).
dofile(os.getenv("CAMP_BENCH_LUA_DIR") .. "/report.lua")
