// knowledge/model_families.json's torch_dtypes (the names intake accepts for a config's
// torch_dtype / dtype) against the torch of the pinned environments, where they exist: the
// shipped list is the fallback, the installed torch the oracle.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/fs.h"
#include "core/text.h"
#include "knowledge/model_families.h"
#include "runner/capture.h"

namespace {

constexpr const char* kListDtypes =
    "import torch\n"
    "print('\\n'.join(sorted(n for n in dir(torch) if isinstance(getattr(torch, n), torch.dtype))))\n";

TEST(TorchDtypes, TheShippedListEqualsThePinnedTorch) {
  auto fam = knowledge::model_families();
  ASSERT_TRUE(fam) << fam.error().id;
  std::vector<std::string> shipped = (*fam)->torch_dtypes;
  std::sort(shipped.begin(), shipped.end());
  int checked = 0;
  for (const char* venv : {".venv-quark", ".venv-quark-cpu"}) {
    // The set-up writes its stamp last: a half-installed environment is not the oracle.
    if (!core::is_regular_file(std::string(QPTQ_SOURCE_DIR) + "/" + venv + "/.requirements.sha256")) continue;
    runner::CommandSpec spec{{std::string(QPTQ_SOURCE_DIR) + "/" + venv + "/bin/python", "-I", "-c", kListDtypes}, {}, {}, "/"};
    auto r = runner::capture(spec, 600);
    ASSERT_TRUE(r && r->ok()) << venv << ": " << (r ? r->err : r.error().id);
    std::vector<std::string> real;
    for (auto line : core::split_lines(r->out)) {
      if (!line.empty()) real.emplace_back(line);
    }
    EXPECT_EQ(shipped, real) << venv << ": update torch_dtypes in knowledge/model_families.json";
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << "no .venv-quark or .venv-quark-cpu in the source tree";
}

}  // namespace
