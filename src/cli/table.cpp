#include "cli/table.h"

#include <algorithm>

#include "cli/console.h"

namespace cli {

namespace {

bool is_wide(char32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
         (c >= 0x20000 && c <= 0x3FFFD);
}

bool is_zero_width(char32_t c) { return (c >= 0x0300 && c <= 0x036F) || c == 0x200B || (c >= 0xFE00 && c <= 0xFE0F); }

std::string one_line(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  std::replace(s.begin(), s.end(), '\r', ' ');
  std::replace(s.begin(), s.end(), '\t', ' ');
  return s;
}

}  // namespace

int display_width(std::string_view s) {
  int width = 0;
  for (std::size_t i = 0; i < s.size();) {
    auto b = static_cast<unsigned char>(s[i]);
    int len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 1;
    if (i + static_cast<std::size_t>(len) > s.size()) len = 1;
    char32_t c = len == 1 ? b : static_cast<char32_t>(b & (0x7F >> len));
    for (int k = 1; k < len; ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
    i += static_cast<std::size_t>(len);
    if (is_zero_width(c)) continue;
    width += is_wide(c) ? 2 : 1;
  }
  return width;
}

Table::Table(std::vector<std::string> headings) : m_headings(std::move(headings)) {}

Table Table::from_ids(const Console& console, std::initializer_list<std::string_view> heading_ids) {
  std::vector<std::string> h;
  for (auto id : heading_ids) h.push_back(console.t(id));
  return Table(std::move(h));
}

void Table::add_row(std::vector<std::string> cells) {
  cells.resize(m_headings.size());
  for (auto& c : cells) c = one_line(std::move(c));
  m_rows.push_back(std::move(cells));
}

std::string Table::render(std::string_view indent) const {
  std::vector<int> widths(m_headings.size(), 0);
  auto measure = [&widths](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], display_width(row[i]));
  };
  measure(m_headings);
  for (const auto& r : m_rows) measure(r);
  std::string out;
  auto emit = [&](const std::vector<std::string>& row) {
    std::string line(indent);
    for (std::size_t i = 0; i < row.size(); ++i) {
      line += row[i];
      if (i + 1 < row.size()) {
        const int pad = widths[i] - display_width(row[i]) + 2;  // widths[i] is the column's widest cell: pad >= 2
        line.append(static_cast<std::size_t>(pad), ' ');
      }
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  };
  emit(m_headings);
  std::vector<std::string> rule;
  for (int w : widths) rule.emplace_back(static_cast<std::size_t>(w), '-');
  emit(rule);
  for (const auto& r : m_rows) emit(r);
  return out;
}

}  // namespace cli
