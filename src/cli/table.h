// Plain-text tables for summaries, decision tables and status: columns padded to their
// display width (CJK characters count two columns, so Japanese headings line up), a rule
// under the headings, no colours, no box drawing (safe for logs and non-UTF-8 terminals).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cli {

class Console;

// Terminal columns taken by UTF-8 text (East Asian wide and full-width characters: 2).
int display_width(std::string_view utf8);

class Table {
 public:
  explicit Table(std::vector<std::string> headings);
  // Headings from the catalog, in the console's language.
  static Table from_ids(const Console& console, std::initializer_list<std::string_view> heading_ids);

  // Missing cells are empty; newlines in a cell become spaces.
  void add_row(std::vector<std::string> cells);
  bool empty() const { return m_rows.empty(); }
  // Each line prefixed by `indent`, ending in '\n'; the last column is not padded.
  std::string render(std::string_view indent = "  ") const;

 private:
  std::vector<std::string> m_headings;
  std::vector<std::vector<std::string>> m_rows;
};

}  // namespace cli
