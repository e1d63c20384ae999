// Bench data for bench/questionnaires.sh: seals one post-job-change answer for every account
// whose e-mail starts with "bench-q" (with a few values varied per row), 1,000 per transaction,
// through the real repository and key file.
//   camp_bench_questionnaires_fill DATABASE_URL KEY_FILE
#include <iostream>

#include "db/pool.hpp"
#include "questionnaires/keyring.hpp"
#include "questionnaires/repo.hpp"
#include "questionnaires/validator.hpp"

using namespace camp;

namespace {
constexpr db::Statement kBenchAccounts{"bench.accounts", "SELECT id FROM accounts WHERE email LIKE 'bench-q%' ORDER BY id"};
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: camp_bench_questionnaires_fill DATABASE_URL KEY_FILE\n";
    return 2;
  }
  db::Pool pool(argv[1], 1);
  const auto keys = questionnaires::Keyring::open(argv[2]);
  const auto& def = questionnaires::get("post-job-change");
  auto answer = nlohmann::json::parse(R"({"entryCount":24,"offerCount":2,"totalOfferCount":3,"offerAcceptedOn":"2026-08-20",
    "jobStartOn":"2026-10-01","jobChangeSatisfaction":"4","reskillingSatisfaction":"5","reskillingEffectiveness":"5",
    "prefecture":"27","numberOfEmployee":"30_99","employmentStatus":"regular","hasEmploymentPeriod":"no","industryCategory":"G",
    "jobCategoryMajor":"B","jobCategoryMedium":"B1","jobCategoryMinor":"B102","annualSalary":4380000,"monthlySalary":300000,
    "previousMonthlySalary":245000})");
  std::vector<std::int64_t> ids;
  pool.autocommit([&](db::Tx& tx) {
    for (const auto& r : tx.exec(kBenchAccounts)) ids.push_back(r[0].as<std::int64_t>());
  });
  for (std::size_t at = 0; at < ids.size(); at += 1000) {
    pool.transaction([&](db::Tx& tx) {
      for (std::size_t i = at; i < ids.size() && i < at + 1000; ++i) {
        answer["annualSalary"] = 3000000 + static_cast<std::int64_t>(i % 300) * 10000;
        answer["prefecture"] = (i % 47 < 9 ? "0" : "") + std::to_string(i % 47 + 1);
        const auto checked = questionnaires::validate(def, answer);
        const auto sealed = keys.seal(checked.answer.dump(), "questionnaire/post-job-change/" + std::to_string(ids[i]));
        std::string at_time;
        questionnaires::repo::insert_answer(tx, ids[i], "post-job-change", sealed, at_time);
      }
    });
  }
  std::cout << ids.size() << " answers sealed\n";
  return 0;
}
