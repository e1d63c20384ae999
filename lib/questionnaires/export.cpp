#include "questionnaires/export.hpp"

#include <xlsxwriter.h>

#include "core/csv.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"

namespace camp::questionnaires {
namespace {

constexpr const char* kJoin = "／";

// A cell's text, and its number when the field is a number.
struct Cell {
  std::string text;
  bool is_number = false;
  double number = 0;
};

Cell cell(const Field& f, const nlohmann::json& answer) {
  const auto v = answer.find(f.key);
  if (v == answer.end() || v->is_null()) return {};
  switch (f.type) {
    case FieldType::single_choice:
    case FieldType::prefecture: {
      const auto* o = f.option(v->get_ref<const std::string&>());
      return {o ? o->label : v->get<std::string>()};
    }
    case FieldType::multiple_choice: {
      std::string out;
      for (const auto& item : *v) {
        if (!out.empty()) out += kJoin;
        const auto* o = f.option(item.get_ref<const std::string&>());
        out += o ? o->label : item.get<std::string>();
      }
      return {out};
    }
    case FieldType::integer:
    case FieldType::yen: {
      const auto n = v->get<std::int64_t>();
      return {std::to_string(n), true, static_cast<double>(n)};
    }
    default:
      return {v->get<std::string>()};
  }
}

class CsvWriter final : public ExportWriter {
 public:
  CsvWriter(const Definition& def, const std::string& path) : def_(def), path_(path) {
    file_ = std::fopen(path.c_str(), "wb");
    if (!file_) throw Error(errc::internal, "cannot write " + path);
    std::setvbuf(file_, nullptr, _IOFBF, 1 << 16);
    std::fputs("\xEF\xBB\xBF", file_);
    const auto headers = export_headers(def);
    write({headers.begin(), headers.end()});
  }
  ~CsvWriter() override {
    if (file_) std::fclose(file_);
  }

  void row(const ExportRow& r) override {
    std::vector<std::string> texts;
    texts.reserve(def_.fields.size());
    for (const auto* f : def_.fields) texts.push_back(cell(*f, *r.answer).text);
    const auto id = std::to_string(r.account_id);
    std::vector<std::string_view> cells{id, r.display_name, r.email, r.submitted_at};
    cells.insert(cells.end(), texts.begin(), texts.end());
    write(cells);
  }

  void finish() override {
    const bool ok = std::fflush(file_) == 0 && !std::ferror(file_);
    std::fclose(file_);
    file_ = nullptr;
    if (!ok) throw Error(errc::internal, "cannot write " + path_);
  }

 private:
  // One line through the one CSV writer (quoting, formula guard), into a buffer kept between rows.
  void write(const std::vector<std::string_view>& cells) {
    line_.clear();
    csv::append_row(line_, cells);
    std::fwrite(line_.data(), 1, line_.size(), file_);
  }

  const Definition& def_;
  std::string path_;
  std::FILE* file_ = nullptr;
  std::string line_;
};

class XlsxWriter final : public ExportWriter {
 public:
  XlsxWriter(const Definition& def, const std::string& path) : def_(def), path_(path) {
    lxw_workbook_options options{};
    options.constant_memory = LXW_TRUE;  // rows go to a temporary file as written
    workbook_ = workbook_new_opt(path.c_str(), &options);
    if (!workbook_) throw Error(errc::internal, "cannot write " + path);
    sheet_ = workbook_add_worksheet(workbook_, def.title.c_str());
    bold_ = workbook_add_format(workbook_);
    format_set_bold(bold_);
    lxw_col_t col = 0;
    for (const auto& h : export_headers(def)) worksheet_write_string(sheet_, 0, col++, h.c_str(), bold_);
    worksheet_freeze_panes(sheet_, 1, 0);
  }
  ~XlsxWriter() override {
    if (workbook_) workbook_close(workbook_);
  }

  void row(const ExportRow& r) override {
    ++row_;
    worksheet_write_number(sheet_, row_, 0, static_cast<double>(r.account_id), nullptr);
    worksheet_write_string(sheet_, row_, 1, r.display_name.c_str(), nullptr);
    worksheet_write_string(sheet_, row_, 2, r.email.c_str(), nullptr);
    worksheet_write_string(sheet_, row_, 3, r.submitted_at.c_str(), nullptr);
    lxw_col_t col = 4;
    for (const auto* f : def_.fields) {
      const auto c = cell(*f, *r.answer);
      if (c.is_number) worksheet_write_number(sheet_, row_, col, c.number, nullptr);
      else if (!c.text.empty()) worksheet_write_string(sheet_, row_, col, c.text.c_str(), nullptr);
      ++col;
    }
  }

  void finish() override {
    const auto err = workbook_close(workbook_);
    workbook_ = nullptr;
    if (err != LXW_NO_ERROR) throw Error(errc::internal, "cannot write " + path_ + ": " + lxw_strerror(err));
  }

 private:
  const Definition& def_;
  std::string path_;
  lxw_workbook* workbook_ = nullptr;
  lxw_worksheet* sheet_ = nullptr;
  lxw_format* bold_ = nullptr;
  lxw_row_t row_ = 0;
};

}  // namespace

ExportFormat parse_format(const std::string& name) {
  if (name == "csv") return ExportFormat::csv;
  if (name == "xlsx") return ExportFormat::xlsx;
  throw Error(errc::invalid, std::string(msg::invalid_input), {{"format", {std::string(msg::questionnaire_format_invalid)}}});
}

const char* extension(ExportFormat f) { return f == ExportFormat::csv ? "csv" : "xlsx"; }

const char* content_type(ExportFormat f) {
  return f == ExportFormat::csv ? "text/csv; charset=utf-8"
                                : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
}

std::vector<std::string> export_headers(const Definition& def) {
  std::vector<std::string> out{"アカウントID", "名前", "メールアドレス", "回答日時"};
  for (const auto* f : def.fields) out.push_back(f->label);
  return out;
}

std::unique_ptr<ExportWriter> make_writer(ExportFormat format, const Definition& def, const std::string& path) {
  if (format == ExportFormat::csv) return std::make_unique<CsvWriter>(def, path);
  return std::make_unique<XlsxWriter>(def, path);
}

}  // namespace camp::questionnaires
