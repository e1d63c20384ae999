#pragma once
// The SQL of the notifications' daily scan: what it already told (notification_marks, pruned
// with the notifications) and its once-a-day claim (mail_runs, kind notification_scan). The
// caller's transaction.
#include <cstdint>
#include <string>
#include <vector>

#include "db/pool.hpp"

namespace camp::notifications::scan_repo {

// Marks each key of `kind` told: the keys that were not yet (a concurrent scan waits on the
// key and then finds it taken).
std::vector<std::string> mark_new(db::Tx& tx, const std::string& kind, const std::vector<std::string>& keys);
// Deletes up to `batch` marks made before `cutoff` (epoch seconds): how many. The scan looks
// back no further than that (NotificationScanConfig::lookback_days), so nothing is told twice.
std::int64_t prune_marks(db::Tx& tx, std::int64_t cutoff, int batch);
// True when this call took `day` (YYYY-MM-DD) for the scan.
bool claim_day(db::Tx& tx, const std::string& day);

}  // namespace camp::notifications::scan_repo
