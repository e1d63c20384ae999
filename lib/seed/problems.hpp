#pragma once
// Collects what is wrong with a fixture, each with its place in the file, so one run reports
// every mistake at once.
#include <string>
#include <vector>

#include "seed/fixture.hpp"

namespace camp::seed {

class Problems {
 public:
  explicit Problems(std::string source) : source_(std::move(source)) {}
  // `path` names the entry and field, e.g. "accounts[2].email".
  void add(Where at, const std::string& path, const std::string& message);
  bool empty() const { return items_.empty(); }
  // Throws Error(invalid) with every problem, in file order, on one line.
  void throw_if_any() const;

 private:
  struct Item {
    Where at;
    std::string text;
  };
  std::string source_;
  std::vector<Item> items_;
};

}  // namespace camp::seed
