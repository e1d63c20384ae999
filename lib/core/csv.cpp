#include "core/csv.hpp"

namespace camp::csv {
namespace {

// -12, 3.5, -0.25: a number a spreadsheet reads as a number, not a formula.
bool plain_number(std::string_view v) {
  if (!v.empty() && v[0] == '-') v.remove_prefix(1);
  const auto dot = v.find('.');
  const auto digits = [](std::string_view d) { return !d.empty() && d.find_first_not_of("0123456789") == std::string_view::npos; };
  return dot == std::string_view::npos ? digits(v) : digits(v.substr(0, dot)) && digits(v.substr(dot + 1));
}

bool formula_like(std::string_view v) {
  return !v.empty() && std::string_view("=+-@\t\r").find(v[0]) != std::string_view::npos && !plain_number(v);
}

}  // namespace

Table read(std::string_view t) {
  Table out;
  std::size_t i = 0;
  int line = 1;
  while (i < t.size()) {
    Record rec;
    rec.line = line;
    std::string cell;
    bool quoted = false, any = false;
    while (i < t.size()) {
      const char c = t[i];
      if (quoted) {
        if (c == '"' && i + 1 < t.size() && t[i + 1] == '"') {
          cell += '"';
          i += 2;
          continue;
        }
        if (c == '"') quoted = false;
        else cell += c;
        if (c == '\n' || (c == '\r' && (i + 1 >= t.size() || t[i + 1] != '\n'))) ++line;
        ++i;
        continue;
      }
      if (c == '"' && cell.empty()) {
        quoted = any = true;
        ++i;
        continue;
      }
      if (c == ',') {
        rec.cells.push_back(std::move(cell));
        cell.clear();
        any = true;
        ++i;
        continue;
      }
      if (c == '\r' || c == '\n') {
        i += c == '\r' && i + 1 < t.size() && t[i + 1] == '\n' ? 2 : 1;
        ++line;
        break;
      }
      cell += c;
      any = true;
      ++i;
    }
    if (quoted) {
      out.unclosed_quote = rec.line;
      return out;
    }
    rec.cells.push_back(std::move(cell));
    if (any) out.records.push_back(std::move(rec));  // else a blank line
  }
  return out;
}

void append_cell(std::string& out, std::string_view value) {
  const bool formula = formula_like(value);
  if (!formula && value.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += value;
    return;
  }
  out += '"';
  if (formula) out += '\'';
  for (char c : value) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void append_row(std::string& out, const std::vector<std::string_view>& cells) {
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i) out += ',';
    append_cell(out, cells[i]);
  }
  out += "\r\n";
}

}  // namespace camp::csv
