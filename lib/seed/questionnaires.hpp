#pragma once
// Demo answers to the subsidy questionnaires (`camp db seed --demo`): three extra demo students
// with answers of every kind between them, some still owing. Idempotent: an answer already
// there is left alone (the second submission is a conflict, skipped).
#include "accounts/service.hpp"
#include "db/pool.hpp"
#include "questionnaires/service.hpp"

namespace camp::seed {

// Answers submitted now (0 when every one was already there).
int seed_demo_questionnaires(db::Pool& pool, accounts::AccountService& accounts,
                             questionnaires::QuestionnaireService& service);

}  // namespace camp::seed
