#include "seed/questionnaires.hpp"

#include "accounts/service.hpp"
#include "core/error.hpp"
#include "seed/demo.hpp"

namespace camp::seed {
namespace {

struct Respondent {
  const char* email;
  const char* role;
  const char* course;
  const char* nickname;
};

// Who answers what: q-kobayashi everything (the job change 200 days ago, so the follow-up was
// due), graduate@example.com up to the curriculum (owes the post-job-change one),
// student5@example.com the pre-curriculum one, and two more; student@example.com and
// u29@example.com owe theirs (the web app's demo path). Each goes through submit: only what the
// account owes is accepted (docs/questionnaires.md "Who owes what").
constexpr int kJobChangeDaysAgo = 200;

constexpr Respondent kRespondents[] = {
    {"q-kobayashi@example.com", "graduate", "rails_5m", "小林 真由美"},
    {"q-tanaka@example.com", "student", "rails_4m", "田中 翔太"},
    {"q-yamamoto@example.com", "graduate", "rails_4m", "山本 結衣"},
};

constexpr const char* kAnswers = R"json([
 ["q-kobayashi@example.com", "pre-curriculum", {"isEmployed":"yes","familyStructure":"couple","academicHistory":"university",
   "majorField":"humanities","prefecture":"14","numberOfEmployee":"300_999","employmentStatus":"regular","hasEmploymentPeriod":"no",
   "industryCategory":"I","jobCategoryMajor":"C","jobCategoryMedium":"C3","jobCategoryMinor":"C301","income":"3m_4m",
   "numberOfJobChange":1,"mainCareerIndustry":"I","mainJobCategoryMajor":"D","mainJobCategoryMedium":"D1","mainJobCategoryMinor":"D101",
   "qualifications":["mos","boki"],"jobChangeMotivations":["income","future","work_style"]}],
 ["q-kobayashi@example.com", "post-curriculum", {"address":"神奈川県横浜市西区みなとみらい2-2-1","satisfactionLevel":"5",
   "satisfactionReason":"毎回のレビューで設計の考え方まで教えてもらえたので、自信を持って面接に臨めました。","helpfulnessLevel":"5",
   "qualifications":["ruby_silver"],"reskillingEffectivenessLevels":["skills","portfolio","confidence","job_search"]}],
 ["q-kobayashi@example.com", "post-job-change", {"entryCount":31,"offerCount":2,"totalOfferCount":2,"offerAcceptedOn":"2026-05-12",
   "jobStartOn":"2026-06-01","jobChangeSatisfaction":"5","reskillingSatisfaction":"5","reskillingEffectiveness":"5","prefecture":"13",
   "numberOfEmployee":"100_299","employmentStatus":"regular","hasEmploymentPeriod":"no","industryCategory":"G","jobCategoryMajor":"B",
   "jobCategoryMedium":"B1","jobCategoryMinor":"B102","annualSalary":4200000,"monthlySalary":290000,"previousMonthlySalary":240000}],
 ["q-kobayashi@example.com", "follow-up", {"hasStillNewCompany":"yes","satisfactionNewCompany":"4","futureIntentionStay":"long",
   "workHourChangeMonth":-20,"followUpJobImprovements":["income","remote","career"],"followUpJobDeteriorations":["workload"],
   "skillRetention":"5","reskillingSupportEffectivenessIncrease":"4","reskillingEffectivenessRole":"decisive",
   "totalSalary":4450000,"monthlySalary":300000}],
 ["q-tanaka@example.com", "pre-curriculum", {"isEmployed":"no","familyStructure":"with_parents","academicHistory":"vocational",
   "majorField":"arts","prefecture":"23","income":"1m_2m","numberOfJobChange":0,"mainCareerIndustry":"M",
   "mainJobCategoryMajor":"E","mainJobCategoryMedium":"E2","mainJobCategoryMinor":"E202","jobChangeMotivations":["skills","interest"]}],
 ["q-yamamoto@example.com", "pre-curriculum", {"isEmployed":"yes","familyStructure":"single","academicHistory":"high_school",
   "majorField":"none","prefecture":"40","numberOfEmployee":"10_29","employmentStatus":"part_time","hasEmploymentPeriod":"yes",
   "industryCategory":"P","jobCategoryMajor":"E","jobCategoryMedium":"E1","jobCategoryMinor":"E101","income":"2m_3m",
   "numberOfJobChange":3,"mainCareerIndustry":"P","mainJobCategoryMajor":"E","mainJobCategoryMedium":"E1","mainJobCategoryMinor":"E101",
   "qualifications":["it_passport"],"jobChangeMotivations":["income","stability"]}],
 ["q-yamamoto@example.com", "post-curriculum", {"address":"福岡県福岡市中央区天神1-8-1","satisfactionLevel":"4",
   "helpfulnessLevel":"4","reskillingEffectivenessLevels":["skills","career_plan"]}],
 ["graduate@example.com", "pre-curriculum", {"isEmployed":"yes","familyStructure":"couple_children","academicHistory":"university",
   "majorField":"engineering","prefecture":"27","numberOfEmployee":"1000_plus","employmentStatus":"regular","hasEmploymentPeriod":"no",
   "industryCategory":"E","jobCategoryMajor":"H","jobCategoryMedium":"H2","jobCategoryMinor":"H201","income":"4m_5m",
   "numberOfJobChange":0,"mainCareerIndustry":"E","mainJobCategoryMajor":"H","mainJobCategoryMedium":"H2","mainJobCategoryMinor":"H201",
   "jobChangeMotivations":["future","skills"]}],
 ["graduate@example.com", "post-curriculum", {"address":"大阪府大阪市北区梅田3-1-3","satisfactionLevel":"4",
   "satisfactionReason":"仕事と両立しながらでも続けられるペースでした。","helpfulnessLevel":"5","reskillingEffectivenessLevels":["skills","portfolio"]}],
 ["student5@example.com", "pre-curriculum", {"isEmployed":"yes","familyStructure":"single","academicHistory":"graduate_school",
   "majorField":"science","prefecture":"01","numberOfEmployee":"30_99","employmentStatus":"contract","hasEmploymentPeriod":"yes",
   "industryCategory":"O","jobCategoryMajor":"B","jobCategoryMedium":"B4","jobCategoryMinor":"B402","income":"3m_4m",
   "numberOfJobChange":2,"mainCareerIndustry":"O","mainJobCategoryMajor":"B","mainJobCategoryMedium":"B4","mainJobCategoryMinor":"B402",
   "qualifications":["toeic"],"jobChangeMotivations":["income","stability","future"]}]
])json";

std::optional<accounts::Account> find(accounts::AccountService& accounts, const std::string& email) {
  try {
    return accounts.find_by_email(email);
  } catch (const Error& e) {
    if (e.code() != errc::not_found) throw;
    return std::nullopt;
  }
}

}  // namespace

int seed_demo_questionnaires(db::Pool& pool, accounts::AccountService& accounts,
                             questionnaires::QuestionnaireService& service) {
  for (const auto& r : kRespondents)
    if (!find(accounts, r.email)) accounts.create({r.email, r.role, std::string(r.course), r.nickname, kDemoPassword});
  int submitted = 0;
  for (const auto& entry : nlohmann::json::parse(kAnswers)) {
    const auto who = find(accounts, entry[0].get<std::string>());
    if (!who) continue;
    try {
      const auto kind = entry[1].get<std::string>();
      service.submit(*who, kind, entry[2]);
      ++submitted;
      if (kind == "post-job-change")
        pool.transaction([&](db::Tx& tx) { questionnaires::repo::backdate(tx, who->id, kind, kJobChangeDaysAgo); });
    } catch (const Error& e) {
      if (e.code() != errc::conflict) throw;
    }
  }
  return submitted;
}

}  // namespace camp::seed
