#pragma once
#include "http/router.hpp"

namespace camp::routes {

void add_sessions(http::Router& router);
void add_accounts(http::Router& router);
void add_uploads(http::Router& router);
void add_system(http::Router& router);
void add_categories(http::Router& router);
void add_questions(http::Router& router);
void add_password_resets(http::Router& router);
void add_invitations(http::Router& router);
void add_curriculums(http::Router& router);
void add_reviews(http::Router& router);
void add_milestones(http::Router& router);
void add_events(http::Router& router);
void add_event_tags(http::Router& router);
void add_mail_unsubscriptions(http::Router& router);
void add_students(http::Router& router);
void add_ai_chat(http::Router& router);
void add_questionnaires(http::Router& router);
void add_notifications(http::Router& router);
void add_mentions(http::Router& router);
void add_two_factor(http::Router& router);
void add_anonymisations(http::Router& router);
void add_data_exports(http::Router& router);
void add_mails(http::Router& router);
void add_seeds(http::Router& router);
void add_tokens(http::Router& router);

inline void add_all(http::Router& router) {
  add_system(router);
  add_sessions(router);
  add_accounts(router);
  add_uploads(router);
  add_categories(router);
  add_questions(router);
  add_password_resets(router);
  add_invitations(router);
  add_curriculums(router);
  add_reviews(router);
  add_milestones(router);
  add_events(router);
  add_event_tags(router);
  add_mail_unsubscriptions(router);
  add_students(router);
  add_ai_chat(router);
  add_questionnaires(router);
  add_notifications(router);
  add_mentions(router);
  add_two_factor(router);
  add_anonymisations(router);
  add_data_exports(router);
  add_mails(router);
  add_seeds(router);
  add_tokens(router);
}

}  // namespace camp::routes
