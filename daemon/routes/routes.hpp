#pragma once
#include "http/router.hpp"

namespace camp::routes {

void add_sessions(http::Router& router);
void add_accounts(http::Router& router);
void add_uploads(http::Router& router);
void add_system(http::Router& router);
void add_categories(http::Router& router);
void add_questions(http::Router& router);
void add_mail_unsubscriptions(http::Router& router);

inline void add_all(http::Router& router) {
  add_system(router);
  add_sessions(router);
  add_accounts(router);
  add_uploads(router);
  add_categories(router);
  add_questions(router);
  add_mail_unsubscriptions(router);
}

}  // namespace camp::routes
