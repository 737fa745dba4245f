// Module-name templates: pure-numeric dot segments replaced by "{}" and their numbers kept,
// e.g. "model.layers.3.mlp.experts.7.up_proj" -> "model.layers.{}.mlp.experts.{}.up_proj",
// {3, 7}. Numbers with leading zeros or more than 9 digits stay literal, so the split
// round-trips. Built once per tensor (~47k per checkpoint), so built from SSE2 masks.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace intake {

std::string name_template(std::string_view name, std::vector<std::uint32_t>* indices);
// The same into a reused buffer (no allocation once it has grown); indices are appended.
void name_template_into(std::string_view name, std::string& out, std::vector<std::uint32_t>& indices);
// name_template_into, also telling whether the name has braces of its own (the inventory then
// takes it as a literal name, as its template would be ambiguous).
bool name_template_scan(std::string_view name, std::string& out, std::vector<std::uint32_t>& indices);

}  // namespace intake
