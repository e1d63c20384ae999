#include "app/services.hpp"

#include "accounts/token.hpp"

namespace camp::app {

Services::Services(const Config& config, db::Pool& pool, Caches caches, const Clock& clock)
    : jwt_secret_(accounts::load_or_create_jwt_secret(config.jwt_secret, config.jwt_secret_file, config.data_dir)),
      idempotency_seal(jwt_secret_),
      upload_cache(config.upload_cache_bytes),
      accounts(pool, caches == Caches::daemon ? &session_cache : nullptr),
      sessions(pool, accounts::TokenSigner(jwt_secret_), config.rate_limits, config.session_ttl_days,
               caches == Caches::daemon ? &session_cache : nullptr),
      unsubscribe_links(jwt_secret_, config.public_url),
      mail_outbox(pool, clock),
      waiting_mail(pool, config, clock),
      uploads(pool, config.upload_max_bytes, caches == Caches::daemon ? &upload_cache : nullptr),
      categories(pool),
      questions(pool, caches == Caches::daemon ? &question_lists : nullptr),
      password_resets(pool, clock, config.rate_limits, config.public_url,
                      caches == Caches::daemon ? &session_cache : nullptr),
      invitations(pool, clock, config.public_url),
      curriculums(pool, caches == Caches::daemon ? &curriculum_content : nullptr),
      milestones(pool),
      reviews(pool, milestones, clock),
      events(pool, clock, config.public_url),
      students(pool, clock),
      dashboards(pool, clock),
      student_imports(pool, invitations),
      questionnaire_keys(questionnaires::Keyring::open(config.questionnaire_key_file())),
      questionnaires(pool, questionnaire_keys, clock),
      two_factor(pool, questionnaire_keys, sessions, config, caches == Caches::daemon ? &session_cache : nullptr, clock),
      tokens(pool, two_factor, clock),
      notifications(pool),
      mentions(pool),
      anonymisations(pool, config.subsidy_retention_years,
                     caches == Caches::daemon ? &session_cache : nullptr,
                     caches == Caches::daemon ? &question_lists : nullptr, clock),
      data_exports(pool, questionnaires) {
  // A student's first login gives them the first_login milestone (the share dialog).
  sessions.on_login = [this](const accounts::Account& account) { milestones.record_login(account); };
  // A key rotation re-seals the two-factor secrets too, before the old keys go.
  questionnaires.reseal_others = [this] { return two_factor.reseal_all(); };
}

}  // namespace camp::app
