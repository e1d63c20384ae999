// camp events create|update|publish|cancel|list|participants|remind (docs/events.md).
// The same use cases and messages as the API (events::EventService), acting as an admin; in
// remote mode through the API itself (backends/events.hpp). `remind` is local only.
#include <iostream>

#include "app/services.hpp"
#include "backends/events.hpp"
#include "context.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "exit_codes.hpp"

namespace camp::cli {
namespace events_command {
namespace {

struct EventOptions {
  std::int64_t id = 0;
  std::optional<std::string> title, capacity, date, start, end, description, meeting_url, image_url;
  std::optional<std::int64_t> tag;
};

struct ListOptions {
  std::string scope = "upcoming";
  int page = 1, per = 100;
};

struct ParticipantOptions {
  std::int64_t id = 0;
  bool csv = false;
};


events::EventInput input_of(const EventOptions& o) {
  events::EventInput in;
  in.title = o.title;
  in.capacity = o.capacity;
  in.start_date = o.date;
  in.start_at = o.start;
  in.end_at = o.end;
  in.description = o.description;
  in.tag_id = o.tag;
  if (o.meeting_url) in.meeting_url = std::optional<std::string>(*o.meeting_url);
  if (o.image_url) in.image_url = std::optional<std::string>(*o.image_url);
  return in;
}

// One line from the API's event JSON (events::to_json).
void print_event_line(const nlohmann::json& e) {
  std::cout << e["id"] << "\t" << e["status"].get<std::string>() << "\t" << e["start_date"].get<std::string>() << " "
            << e["start_at"].get<std::string>() << "-" << e["end_at"].get<std::string>() << "\t" << e["participants_count"]
            << "/" << e["capacity"] << " (+" << e["waitlist_count"] << ")\t" << e["tag"]["name"].get<std::string>() << "\t"
            << e["title"].get<std::string>() << "\n";
}

void print_event(Context& ctx, const nlohmann::json& e) {
  if (ctx.json()) print_json(e);
  else print_event_line(e);
}

void add_event_options(CLI::App* cmd, EventOptions& o) {
  cmd->add_option("--title", o.title, "Title (at most 100 characters)");
  cmd->add_option("--capacity", o.capacity, "Seats, 1..1000");
  cmd->add_option("--date", o.date, "Day in the school's time zone (YYYY-MM-DD)");
  cmd->add_option("--start", o.start, "Start time, HH:MM (Asia/Tokyo)");
  cmd->add_option("--end", o.end, "End time, HH:MM, after --start");
  cmd->add_option("--tag", o.tag, "Tag id (default 1: 勉強会)");
  cmd->add_option("--description", o.description, "Markdown description");
  cmd->add_option("--meeting-url", o.meeting_url, "Meeting URL shown to participants (empty to clear)");
  cmd->add_option("--image-url", o.image_url, "An /uploads/event/... image uploaded by an admin (empty to clear)");
}

int remind(Context& ctx, const std::optional<std::string>& date) {
  auto day = system_clock().today();
  if (date) {
    const auto d = parse_date(*date);
    if (!d) throw Error(errc::invalid, std::string(msg::invalid_input), {{"date", {std::string(msg::event_date_format)}}});
    day = *d;
  }
  const int n = ctx.services().events.remind(day);
  if (ctx.json()) print_json({{"reminded_events", n}});
  else std::cout << "queued reminders for " << n << " events\n";
  return kOk;
}

}  // namespace
}  // namespace events_command

void setup_events(CLI::App& app, Run& run) {
  using namespace events_command;
  auto* events_cmd = app.add_subcommand("events", "Events: authoring, participants, reminders");
  events_cmd->require_subcommand(1);

  auto create_opts = std::make_shared<EventOptions>();
  auto* create = events_cmd->add_subcommand("create", "Create an event (a draft until published)");
  add_event_options(create, *create_opts);
  create->callback([&run, create_opts] {
    run = [create_opts](Context& ctx) {
      print_event(ctx, events_backend(ctx)->create(input_of(*create_opts)));
      return kOk;
    };
  });

  auto update_opts = std::make_shared<EventOptions>();
  auto* update = events_cmd->add_subcommand("update", "Change an event's fields (only those given)");
  update->add_option("id", update_opts->id, "Event id")->required();
  add_event_options(update, *update_opts);
  update->callback([&run, update_opts] {
    run = [update_opts](Context& ctx) {
      print_event(ctx, events_backend(ctx)->update(update_opts->id, input_of(*update_opts)));
      return kOk;
    };
  });

  for (const char* verb : {"publish", "cancel"}) {
    auto id = std::make_shared<std::int64_t>(0);
    auto* cmd = events_cmd->add_subcommand(verb, std::string(verb) == "publish"
                                                     ? "Publish a draft and mail the students and graduates"
                                                     : "Cancel a published event and mail its participants");
    cmd->add_option("id", *id, "Event id")->required();
    const bool publishing = std::string(verb) == "publish";
    cmd->callback([&run, id, publishing] {
      run = [id, publishing](Context& ctx) {
        const auto backend = events_backend(ctx);
        print_event(ctx, publishing ? backend->publish(*id) : backend->cancel(*id));
        return kOk;
      };
    });
  }

  auto list_opts = std::make_shared<ListOptions>();
  auto* list = events_cmd->add_subcommand("list", "List events: id, status, time, seats (+waitlist), tag, title");
  list->add_option("--scope", list_opts->scope, "upcoming (default), past or drafts");
  list->add_option("--page", list_opts->page, "Page (default 1)")->check(CLI::Range(1, 10000));
  list->add_option("--per", list_opts->per, "Per page (default 100)")->check(CLI::Range(1, 100));
  list->callback([&run, list_opts] {
    run = [list_opts](Context& ctx) {
      const auto page = events_backend(ctx)->list({list_opts->scope, list_opts->page, list_opts->per});
      if (ctx.json()) print_json(page);
      else
        for (const auto& e : page["data"]) print_event_line(e);
      return kOk;
    };
  });

  auto part_opts = std::make_shared<ParticipantOptions>();
  auto* participants = events_cmd->add_subcommand("participants", "Participants, then the waitlist, in arrival order");
  participants->add_option("id", part_opts->id, "Event id")->required();
  participants->add_flag("--csv", part_opts->csv, "CSV (account_id,display_name,email,status,position,joined_at)");
  participants->callback([&run, part_opts] {
    run = [part_opts](Context& ctx) {
      const auto backend = events_backend(ctx);
      if (part_opts->csv) {
        std::cout << backend->participants_csv(part_opts->id);
        return kOk;
      }
      const auto rows = backend->participants(part_opts->id);
      if (ctx.json()) print_json(rows);
      else
        for (const auto& p : rows["data"])
          std::cout << p["status"].get<std::string>() << "\t" << p["position"] << "\t" << p["account"]["id"] << "\t"
                    << p["account"]["display_name"].get<std::string>() << "\t" << p["account"]["email"].get<std::string>()
                    << "\n";
      return kOk;
    };
  });

  auto remind_date = std::make_shared<std::optional<std::string>>();
  auto* remind_cmd = events_cmd->add_subcommand("remind", "Queue the day-before reminders (once per event)");
  remind_cmd->add_option("--date", *remind_date, "Today as YYYY-MM-DD (default: today in Asia/Tokyo); reminds events of the next day");
  remind_cmd->callback([&run, remind_date] { run = [remind_date](Context& ctx) { return remind(ctx, *remind_date); }; });
}

}  // namespace camp::cli
