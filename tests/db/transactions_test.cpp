// Pool::transaction and the question box under concurrent writes: no lost updates, and a
// check that races with a write ends as a clean 404/409/422, never as a 500.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include "accounts/service.hpp"
#include "core/error.hpp"
#include "environment.hpp"
#include "questions/question_categories.hpp"
#include "questions/repo.hpp"
#include "questions/service.hpp"

using namespace camp;
using namespace camp::questions;
using camp::dbtest::code_of;
using camp::dbtest::race;

namespace {

accounts::Account person(const std::string& role, std::optional<std::string> course = std::nullopt) {
  static std::atomic<int> n{0};
  accounts::AccountService s(dbtest::pool());
  return s.create({"tx-" + role + "-" + std::to_string(getpid()) + "-" + std::to_string(++n) + "@example.com", role,
                   course, "同時編集", "pass-word-123"});
}

int some_category() {
  QuestionCategoryService categories(dbtest::pool());
  categories.import(parse_category_yaml("- name: 同時親\n  lists:\n    - name: 同時子\n"));
  for (const auto& c : categories.tree())
    if (c.name == "同時親") return c.lists.at(0).id;
  return 0;
}

}  // namespace

TEST(TransactionsDb, RetriesSerializationFailuresThenGivesConflict) {
  int attempts = 0;
  const int value = dbtest::pool().transaction([&](db::Tx&) {
    if (++attempts == 1) throw pqxx::serialization_failure("could not serialize access");
    return 42;
  });
  EXPECT_EQ(value, 42);
  EXPECT_EQ(attempts, 2);

  attempts = 0;
  EXPECT_EQ(code_of([&] {
              dbtest::pool().transaction([&](db::Tx&) {
                ++attempts;
                throw pqxx::deadlock_detected("deadlock detected");
              });
            }),
            errc::conflict);
  EXPECT_EQ(attempts, db::Pool::kTransactionAttempts);
}

TEST(TransactionsDb, SerializableReadModifyWriteLosesNoIncrement) {
  {
    pqxx::connection c(dbtest::database_url());
    pqxx::nontransaction(c).exec("CREATE TABLE IF NOT EXISTS tx_test_counter (id int PRIMARY KEY, n int NOT NULL);"
                                 "INSERT INTO tx_test_counter VALUES (1, 0) ON CONFLICT (id) DO UPDATE SET n = 0");
  }
  static constexpr db::Statement kRead{"test.counter_read", "SELECT n FROM tx_test_counter WHERE id = 1"};
  static constexpr db::Statement kWrite{"test.counter_write", "UPDATE tx_test_counter SET n = $1 WHERE id = 1"};
  std::atomic<int> committed{0}, conflicts{0}, other{0};
  auto increments = [&] {
    for (int i = 0; i < 25; ++i) {
      try {
        dbtest::pool().transaction(
            [&](db::Tx& tx) {
              const int n = tx.exec(kRead)[0][0].as<int>();
              tx.exec(kWrite, n + 1);
            },
            db::Isolation::serializable);
        ++committed;
      } catch (const Error& e) {
        ++(e.code() == errc::conflict ? conflicts : other);
      }
    }
  };
  race(increments, increments);
  EXPECT_EQ(other.load(), 0);
  EXPECT_EQ(committed + conflicts, 50);
  const int n = dbtest::pool().autocommit([&](db::Tx& tx) { return tx.exec(kRead)[0][0].as<int>(); });
  EXPECT_EQ(n, committed.load());  // every committed increment is there: none overwritten
}

TEST(TransactionsDb, ConstraintViolationsAreConflictOrInvalidNot500) {
  const auto student = person("student", "rails_4m");
  const int cat = some_category();
  EXPECT_EQ(code_of([&] {
              dbtest::pool().transaction([&](db::Tx& tx) { repo::insert_question(tx, -1, cat, "題", "", false); });
            }),
            errc::conflict);  // foreign key: no such account
  EXPECT_EQ(code_of([&] {
              dbtest::pool().transaction([&](db::Tx& tx) { repo::insert_question(tx, student.id, cat, "   ", "", false); });
            }),
            errc::invalid);  // CHECK: blank title
}

TEST(TransactionsDb, MentorPickUpAndAuthorTitleEditBothLand) {
  QuestionService s(dbtest::pool());
  const auto author = person("student", "rails_4m");
  const auto mentor = person("advanced_mentor");
  const auto q = s.ask(author, {some_category(), "同時編集 0", "本文", std::nullopt});
  for (int round = 1; round <= 30; ++round) {
    const bool pick = round % 2 == 1;
    const auto title = "同時編集 " + std::to_string(round);
    race([&] { s.update(author, q.id, {std::nullopt, title, std::nullopt, std::nullopt}); },
         [&] { s.update(mentor, q.id, {std::nullopt, std::nullopt, std::nullopt, pick}); });
    const auto now = s.get(author, q.id).question;
    ASSERT_EQ(now.title, title) << "round " << round;
    ASSERT_EQ(now.is_pick_up, pick) << "round " << round;
    ASSERT_EQ(now.body, "本文");
  }
}

TEST(TransactionsDb, AnswerToAQuestionDeletedMeanwhileIsNotFound) {
  QuestionService s(dbtest::pool());
  const auto author = person("student", "rails_4m");
  const auto mentor = person("basic_mentor");
  const int cat = some_category();
  int answered = 0, not_found = 0;
  for (int round = 0; round < 30; ++round) {
    const auto q = s.ask(author, {cat, "消える質問", "", std::nullopt});
    std::optional<errc> answer_error;
    race([&] { s.remove(author, q.id); },
         [&] {
           try {
             s.answer(mentor, q.id, "回答です");
           } catch (const Error& e) {
             answer_error = e.code();
           }
         });
    if (answer_error) {
      ASSERT_EQ(*answer_error, errc::not_found) << "round " << round;
      ++not_found;
    } else {
      ++answered;  // answered first; the delete then took the answer with it
    }
    EXPECT_EQ(code_of([&] { s.get(author, q.id); }), errc::not_found);
  }
  EXPECT_EQ(answered + not_found, 30);
}

TEST(TransactionsDb, SolutionForAnAnswerDeletedMeanwhileIsRefusedCleanly) {
  QuestionService s(dbtest::pool());
  const auto author = person("student", "rails_4m");
  const auto mentor = person("basic_mentor");
  const auto q = s.ask(author, {some_category(), "解決と削除", "", std::nullopt});
  for (int round = 0; round < 20; ++round) {
    const auto a = s.answer(mentor, q.id, "回答 " + std::to_string(round));
    std::optional<errc> choose_error;
    race([&] { s.remove_answer(mentor, a.id); },
         [&] {
           try {
             s.choose_solution(author, q.id, a.id);
           } catch (const Error& e) {
             choose_error = e.code();
           }
         });
    if (choose_error) {
      ASSERT_EQ(*choose_error, errc::invalid) << "round " << round;
    }
    // Either way the answer is gone, and so is any solution pointing at it.
    EXPECT_FALSE(s.get(author, q.id).question.solved_answer_id.has_value());
  }
}

TEST(TransactionsDb, QuestionInACategoryDeletedMeanwhileIsRefusedCleanly) {
  QuestionService s(dbtest::pool());
  QuestionCategoryService categories(dbtest::pool());
  const auto admin = person("admin");
  const auto author = person("student", "rails_4m");
  for (int round = 0; round < 15; ++round) {
    const int parent = categories.create(admin, "消えるカテゴリー " + std::to_string(round), std::nullopt, std::nullopt);
    const int child = categories.create(admin, "子", parent, std::nullopt);
    std::optional<errc> ask_error, remove_error;
    race(
        [&] {
          try {
            s.ask(author, {child, "カテゴリー競合", "", std::nullopt});
          } catch (const Error& e) {
            ask_error = e.code();
          }
        },
        [&] {
          try {
            categories.remove(admin, parent);
          } catch (const Error& e) {
            remove_error = e.code();
          }
        });
    // Exactly one wins: the question (and the category stays, in use) or the removal.
    ASSERT_NE(ask_error.has_value(), remove_error.has_value()) << "round " << round;
    if (ask_error) {
      EXPECT_EQ(*ask_error, errc::invalid);
    } else {
      EXPECT_EQ(*remove_error, errc::conflict);
    }
  }
}

TEST(TransactionsDb, PageAndCappedCountComeTogether) {
  QuestionService s(dbtest::pool());
  const auto student = person("student", "rails_4m");
  const int cat = some_category();
  for (int i = 0; i < 25; ++i) s.ask(student, {cat, "ページ送り確認 " + std::to_string(i), "", std::nullopt});
  SearchParams p;
  p.keywords = "ページ送り確認";
  p.page = 2;
  auto page = s.search(student, p);
  EXPECT_EQ(page.total, 25);
  EXPECT_FALSE(page.total_capped);
  ASSERT_EQ(page.items.size(), 5u);
  EXPECT_EQ(page.items.back().title, "ページ送り確認 0");  // newest first
  p.page = 9;
  page = s.search(student, p);
  EXPECT_EQ(page.total, 25);  // the count comes even with an empty page
  EXPECT_TRUE(page.items.empty());
}

TEST(Keywords, TruncationNeverSplitsAUtf8Character) {
  std::string long_word;
  for (int i = 0; i < 150; ++i) long_word += "あ";  // 3 bytes each
  const auto words = split_keywords(long_word + " x");
  ASSERT_EQ(words.size(), 2u);
  EXPECT_EQ(words[0].size(), 300u);  // 100 characters, whole
  EXPECT_EQ(words[0], long_word.substr(0, 300));
  EXPECT_EQ(words[1], "x");
}
