// The questionnaire definitions (config/questionnaires) and the validation they drive.
#include <gtest/gtest.h>

#include "core/messages.hpp"
#include "questionnaires/validator.hpp"

using namespace camp;
using namespace camp::questionnaires;

namespace {

nlohmann::json employed_pre() {
  return {{"isEmployed", "yes"}, {"familyStructure", "single"}, {"academicHistory", "university"},
          {"majorField", "information"}, {"prefecture", "13"}, {"numberOfEmployee", "10_29"},
          {"employmentStatus", "contract"}, {"hasEmploymentPeriod", "yes"}, {"industryCategory", "G"},
          {"jobCategoryMajor", "B"}, {"jobCategoryMedium", "B1"}, {"jobCategoryMinor", "B101"},
          {"income", "3m_4m"}, {"numberOfJobChange", 1}, {"mainCareerIndustry", "G"},
          {"mainJobCategoryMajor", "C"}, {"mainJobCategoryMedium", "C1"}, {"mainJobCategoryMinor", "C101"},
          {"jobChangeMotivations", {"skills"}}};
}

FieldErrors errors_of(const std::string& kind, const nlohmann::json& answer) { return check(get(kind), answer).errors; }

}  // namespace

TEST(QuestionnaireDefinitions, EveryFieldOfTheSpecIsDefined) {
  const std::map<std::string, std::vector<std::string>> spec{
      {"pre-curriculum", {"isEmployed", "familyStructure", "academicHistory", "majorField", "prefecture", "numberOfEmployee",
                          "employmentStatus", "hasEmploymentPeriod", "industryCategory", "jobCategoryMajor", "jobCategoryMedium",
                          "jobCategoryMinor", "income", "numberOfJobChange", "mainCareerIndustry", "mainJobCategoryMajor",
                          "mainJobCategoryMedium", "mainJobCategoryMinor", "qualifications", "jobChangeMotivations"}},
      {"post-curriculum", {"address", "satisfactionLevel", "satisfactionReason", "helpfulnessLevel", "qualifications",
                           "reskillingEffectivenessLevels"}},
      {"post-job-change", {"entryCount", "offerCount", "offerAcceptedOn", "totalOfferCount", "jobChangeSatisfaction",
                           "reskillingSatisfaction", "reskillingEffectiveness", "jobStartOn", "prefecture", "numberOfEmployee",
                           "employmentStatus", "hasEmploymentPeriod", "industryCategory", "jobCategoryMajor", "jobCategoryMedium",
                           "jobCategoryMinor", "annualSalary", "monthlySalary", "previousMonthlySalary"}},
      {"follow-up", {"hasStillNewCompany", "workHourChangeMonth", "skillRetention", "reskillingSupportEffectivenessIncrease",
                     "satisfactionNewCompany", "followUpJobImprovements", "followUpJobDeteriorations", "futureIntentionStay",
                     "totalSalary", "monthlySalary", "reskillingEffectivenessRole"}}};
  for (const auto& [kind, keys] : spec) {
    const auto& def = get(kind);
    EXPECT_EQ(def.fields.size(), keys.size()) << kind;
    for (const auto& k : keys) EXPECT_NE(def.field(k), nullptr) << kind << "." << k;
  }
  EXPECT_EQ(get("pre-curriculum").field("prefecture")->options.size(), 47u);
  EXPECT_EQ(find("during-curriculum"), nullptr);
}

TEST(QuestionnaireDefinitions, TheJsonTheWebFormIsRenderedFrom) {
  const auto j = to_json(get("pre-curriculum"));
  const auto& medium = j["sections"][1]["fields"][6];
  EXPECT_EQ(medium["key"], "jobCategoryMedium");
  EXPECT_EQ(medium["depends_on"], "jobCategoryMajor");
  EXPECT_EQ(medium["visible_when"]["field"], "isEmployed");
  EXPECT_EQ(medium["options"][0]["parent"], "A");
  for (const char* member : {"min", "max", "max_length", "max_items", "unit", "placeholder", "help"})
    EXPECT_TRUE(medium.contains(member)) << member;
}

TEST(QuestionnaireValidation, AValidAnswerIsKeptAsSent) {
  const auto c = check(get("pre-curriculum"), employed_pre());
  EXPECT_TRUE(c.errors.empty());
  EXPECT_EQ(c.answer, employed_pre());
}

TEST(QuestionnaireValidation, RequiredFieldsNameTheirLabel) {
  auto a = employed_pre();
  a.erase("familyStructure");
  a["numberOfJobChange"] = nullptr;
  const auto e = errors_of("pre-curriculum", a);
  EXPECT_EQ(e.at("familyStructure"), std::vector<std::string>{"世帯構成を選択してください"});
  EXPECT_EQ(e.at("numberOfJobChange"), std::vector<std::string>{"これまでの転職回数を入力してください"});
}

TEST(QuestionnaireValidation, HiddenFieldsAreNeitherRequiredNorKept) {
  auto a = employed_pre();
  a["isEmployed"] = "no";
  a.erase("industryCategory");
  const auto c = check(get("pre-curriculum"), a);
  EXPECT_TRUE(c.errors.empty());
  EXPECT_FALSE(c.answer.contains("employmentStatus"));
  EXPECT_FALSE(c.answer.contains("jobCategoryMinor"));
}

TEST(QuestionnaireValidation, DependentSelectsMustMatchTheirParent) {
  auto a = employed_pre();
  a["jobCategoryMedium"] = "C1";  // 事務 under 専門的・技術的職業
  const auto e = errors_of("pre-curriculum", a);
  EXPECT_EQ(e.at("jobCategoryMedium"), std::vector<std::string>{"職種（中分類）の選択肢が正しくありません"});
}

TEST(QuestionnaireValidation, NumbersAreWholeAndInRange) {
  auto a = nlohmann::json::parse(R"({"hasStillNewCompany":"no","workHourChangeMonth":1.5,
    "followUpJobImprovements":["none"],"followUpJobDeteriorations":["none"],"skillRetention":"3",
    "reskillingSupportEffectivenessIncrease":"3","reskillingEffectivenessRole":"some",
    "totalSalary":123456789012345678901234567890,"monthlySalary":"300000"})");
  auto e = errors_of("follow-up", a);
  EXPECT_EQ(e.at("workHourChangeMonth"), std::vector<std::string>{"転職前と比べた1か月の労働時間の増減は半角数字（整数）で入力してください"});
  EXPECT_EQ(e.at("totalSalary"), std::vector<std::string>{"直近1年間の給与総額（税込）は半角数字（整数）で入力してください"});
  EXPECT_EQ(e.at("monthlySalary"), std::vector<std::string>{"直近の月給（税込）は半角数字（整数）で入力してください"});
  a["workHourChangeMonth"] = -301;
  a["totalSalary"] = 18446744073709551615u;
  a["monthlySalary"] = 10000001;
  e = errors_of("follow-up", a);
  EXPECT_EQ(e.at("workHourChangeMonth"), std::vector<std::string>{"転職前と比べた1か月の労働時間の増減は-300以上300以下で入力してください"});
  EXPECT_EQ(e.at("totalSalary"), std::vector<std::string>{"直近1年間の給与総額（税込）は半角数字（整数）で入力してください"});
  EXPECT_EQ(e.at("monthlySalary"), std::vector<std::string>{"直近の月給（税込）は0以上10,000,000以下で入力してください"});
}

TEST(QuestionnaireValidation, DatesTextsAndChoices) {
  auto a = nlohmann::json::parse(R"({"address":"   ","satisfactionLevel":"6","helpfulnessLevel":["4"],
    "reskillingEffectivenessLevels":["skills","skills","portfolio"],"satisfactionReason":"ok\u0000"})");
  auto e = errors_of("post-curriculum", a);
  EXPECT_EQ(e.at("address"), std::vector<std::string>{"現住所を入力してください"});
  EXPECT_EQ(e.at("satisfactionLevel"), std::vector<std::string>{"受講した講座の満足度の選択肢が正しくありません"});
  EXPECT_EQ(e.at("helpfulnessLevel"), std::vector<std::string>{"講座は今後のキャリアに役立つと思いますかの形式が正しくありません"});
  EXPECT_EQ(e.at("satisfactionReason"), std::vector<std::string>{"満足度の理由の形式が正しくありません"});
  EXPECT_FALSE(e.count("reskillingEffectivenessLevels"));
  a["address"] = std::string(201, 'a');
  e = errors_of("post-curriculum", a);
  EXPECT_EQ(e.at("address"), std::vector<std::string>{"現住所は200文字以内でご入力ください"});
  const auto& job = get("post-job-change");
  EXPECT_EQ(check(job, {{"offerAcceptedOn", "2026-02-30"}}).errors.at("offerAcceptedOn"),
            std::vector<std::string>{"内定を承諾した日は正しい日付を入力してください"});
  EXPECT_EQ(check(job, {{"offerAcceptedOn", "2026-2-3"}}).errors.at("offerAcceptedOn").size(), 1u);
  EXPECT_EQ(check(get("pre-curriculum"), {{"jobChangeMotivations", {"income", "skills", "future", "other"}}}).errors.at("jobChangeMotivations"),
            std::vector<std::string>{"受講・転職を考えた理由は3個まで選択できます"});
}

TEST(QuestionnaireValidation, UnknownKeysAreListedNotKept) {
  auto a = employed_pre();
  a["nickname"] = "x";
  a["__proto__"] = {{"polluted", true}};
  const auto c = check(get("pre-curriculum"), a);
  EXPECT_TRUE(c.errors.empty());
  EXPECT_EQ(c.ignored, (std::vector<std::string>{"__proto__", "nickname"}));
  EXPECT_FALSE(c.answer.contains("nickname"));
  EXPECT_EQ(check(get("pre-curriculum"), nlohmann::json::array()).errors.at("answer"),
            std::vector<std::string>{"回答の形式が正しくありません"});
}

TEST(Questionnaires, YenWithThousandsSeparators) {
  EXPECT_EQ(with_thousands(0), "0");
  EXPECT_EQ(with_thousands(999), "999");
  EXPECT_EQ(with_thousands(1000), "1,000");
  EXPECT_EQ(with_thousands(-1234567), "-1,234,567");
  EXPECT_EQ(with_thousands(INT64_MIN), "-9,223,372,036,854,775,808");
}
