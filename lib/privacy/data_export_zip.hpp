#pragma once
// A ZIP archive in memory (libzip): file name -> bytes, stored deflated, names in UTF-8.
#include <string>
#include <utility>
#include <vector>

namespace camp::privacy {

std::string zip_files(const std::vector<std::pair<std::string, std::string>>& files);

}  // namespace camp::privacy
