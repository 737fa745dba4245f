#include "intake/model_files.h"

namespace intake {

PaddedText::PaddedText(std::string text) {
  m_size = text.size();
  text.append(kHeaderPadding, '\0');
  m_capacity = text.size();
  auto owner = std::make_shared<std::string>(std::move(text));
  m_data = std::shared_ptr<const char>(owner, owner->data());
}

core::Result<std::optional<PaddedText>> ModelFiles::read_padded(std::string_view name) {
  QPTQ_TRY_ASSIGN(auto text, read_small(name));
  if (!text) return std::optional<PaddedText>{};
  return std::optional<PaddedText>(PaddedText(std::move(*text)));
}

}  // namespace intake
