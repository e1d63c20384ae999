#pragma once
#include "http/router.hpp"

namespace camp::routes {

void add_sessions(http::Router& router);
void add_accounts(http::Router& router);
void add_uploads(http::Router& router);
void add_system(http::Router& router);
void add_categories(http::Router& router);
void add_questions(http::Router& router);
void add_events(http::Router& router);
void add_event_tags(http::Router& router);

inline void add_all(http::Router& router) {
  add_system(router);
  add_sessions(router);
  add_accounts(router);
  add_uploads(router);
  add_categories(router);
  add_questions(router);
  add_events(router);
  add_event_tags(router);
}

}  // namespace camp::routes
